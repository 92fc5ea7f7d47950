import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { rpc } from '../../net/index.ts';
import { setSetting, useSettings } from '../../storage/settings.ts';
import { Button } from '../../ui/button.tsx';
import { accountQueryOptions, useAccount, useLogged } from '../session/index.ts';
import { readDeviceState, writeDeviceState, type DeviceState } from './device-state.ts';
import { HINT_MS, SCENARIOS, SHUT_UP_MS, afterEnding, nextScenario, type Ending, type Scenario } from './scenarios.ts';
import './assistant.css';

/** Reads a line with the browser's speech synthesis; answers the function that stops it. Without the API, nothing. */
function speak(text: string): () => void {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return () => undefined;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-US';
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
  return () => speechSynthesis.cancel();
}

/** The on-screen assistant (document 1 section 4): plays one scenario at a time, line by line. */
export default function Assistant({ gesture }: { gesture: boolean }) {
  const { pathname } = useLocation();
  const logged = useLogged();
  const account = useAccount();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [device, setDevice] = useState<DeviceState>(readDeviceState);
  const [playing, setPlaying] = useState<{ scenario: Scenario; line: number; path: string } | null>(null);
  const [hint, setHint] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // A signed-in player's markers are the server's; until the account loads nothing plays.
  const serverMarks = logged ? account.data?.marks : undefined;
  const ready = gesture && (!logged || serverMarks !== undefined);
  const marks = { ...device.marks, ...serverMarks };

  const save = (next: DeviceState) => {
    setDevice(next);
    writeDeviceState(next);
  };

  const end = (scenario: Scenario, ending: Ending) => {
    setPlaying(null);
    const at = Date.now();
    setNow(at);
    const outcome = afterEnding(scenario, ending, at);
    if ('until' in outcome) {
      save({ ...device, cooldowns: { ...device.cooldowns, [scenario.key]: outcome.until } });
      return;
    }
    save({ ...device, marks: { ...device.marks, [outcome.mark]: at } });
    if (logged) {
      void rpc.call('account.applyMarkers', { mark: [outcome.mark] }).then(
        ({ marks: held }) => queryClient.setQueryData(accountQueryOptions().queryKey, (old) => (old ? { ...old, marks: held } : old)),
        // Kept on this device anyway: the scenario does not replay here, and the next marker carries it.
        () => undefined,
      );
    }
  };

  // Markers this device set as a visitor follow the player to the server once signed in.
  const sentLocal = useRef(false);
  useEffect(() => {
    if (!serverMarks || sentLocal.current) return;
    sentLocal.current = true;
    const missing = Object.keys(device.marks).filter((m) => !(m in serverMarks));
    if (missing.length > 0) void rpc.call('account.applyMarkers', { mark: missing }).catch(() => undefined);
  }, [serverMarks, device.marks]);

  // Leaving the page a scenario plays on ends it as a leave.
  const playingRef = useRef(playing);
  playingRef.current = playing;
  useEffect(() => {
    const current = playingRef.current;
    if (current && current.scenario.path !== null && current.path !== pathname) end(current.scenario, 'leave');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const candidate = ready && !playing ? nextScenario({ logged, path: pathname, marks, cooldowns: device.cooldowns, shutUpUntil: device.shutUpUntil, settingOn: settings.assistant, mobile: false, now }) : null;

  // A scenario speaks after its timeout on the page; the hint under each line hides after 5 s.
  const candidateKey = candidate?.key ?? null;
  useEffect(() => {
    const scenario = SCENARIOS.find((s) => s.key === candidateKey);
    if (!scenario) return;
    const timer = setTimeout(() => setPlaying({ scenario, line: 0, path: pathname }), scenario.timeout);
    return () => clearTimeout(timer);
  }, [candidateKey, pathname]);
  const lineKey = playing ? `${playing.scenario.key}:${playing.line}` : null;
  useEffect(() => {
    if (lineKey === null) return;
    setHint(true);
    const timer = setTimeout(() => setHint(false), HINT_MS);
    return () => clearTimeout(timer);
  }, [lineKey]);
  // The voice assistant (document 1 section 2.2): with the voice on, the browser reads each
  // line aloud; the next line, closing or turning the voice off stops it mid-sentence.
  const lineText = playing ? playing.scenario.lines[playing.line]?.text : undefined;
  useEffect(() => {
    if (!settings.voice || lineText === undefined) return;
    return speak(lineText);
  }, [settings.voice, lineKey, lineText]);
  // Cooldowns and the shut-up end while the page stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (!playing) return null;
  const { scenario, line } = playing;
  const last = line === scenario.lines.length - 1;
  const current = scenario.lines[line]!;
  return (
    <aside className="assistant" aria-label="Assistant" data-scenario={scenario.key} data-line={current.name}>
      <div className="assistant-face" aria-hidden="true">
        <span />
      </div>
      <div className="assistant-bubble">
        <button type="button" className="assistant-close" aria-label="Close the assistant" onClick={() => end(scenario, 'skip')}>
          ×
        </button>
        <p className="assistant-text" aria-live="polite">
          {current.text}
        </p>
        <div className="assistant-actions">
          <Button size="sm" variant="primary" onClick={() => (last ? end(scenario, 'done') : setPlaying({ ...playing, line: line + 1 }))}>
            {last ? 'Got it' : 'Next'}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              setPlaying(null);
              save({ ...device, shutUpUntil: Date.now() + SHUT_UP_MS });
            }}
          >
            Quiet for 10 min
          </Button>
          {!scenario.forced && (
            <Button size="sm" variant="ghost" onClick={() => (setPlaying(null), setSetting('assistant', false))}>
              Turn off
            </Button>
          )}
        </div>
        <p className={`assistant-hint${hint ? '' : ' is-hidden'}`}>
          {line + 1} of {scenario.lines.length}
          {hint ? (last ? ' · Got it ends this tip' : ' · Next for more') : ''}
        </p>
      </div>
    </aside>
  );
}
