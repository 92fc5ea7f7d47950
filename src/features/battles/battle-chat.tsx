import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';
import { setSetting, useSettings } from '../../storage/settings.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { Toggle } from '../../ui/popover.tsx';
import { shortHash, type BattleDetail, type Player } from './queries.ts';

/** How the bundle's reaction tokens look. */
const REACTION_GLYPHS: Record<string, string> = {
  cool: '😎', laugh: '😂', cry: '😭', wow: '😮', love: '😍', angry: '😠', wink: '😉', scream: '😱',
  smile: '🙂', grin: '😁', kiss: '😘', sleepy: '😴',
  // A reactions card's bundle (unlocked per player).
  fire: '🔥', crown: '👑', gg: '👍', rocket: '🚀', skull: '💀', party: '🎉',
};

/** The glyph of a reaction id shaped hash_index_token. */
export function reactionGlyph(id: string): string {
  const token = id.split('_').slice(2).join('_');
  return REACTION_GLYPHS[token] ?? '✨';
}

const ReactionBundles = z.array(z.object({ hash: z.string(), content: z.array(z.string()) }));

/** The reaction bundle (bundle.assets type reactions), as reaction ids. */
function useReactionIds() {
  return useQuery({
    // Per player (cards unlock more): under the session's keys, so sign-out drops it.
    queryKey: ['session', 'battles', 'reactions'] as const,
    queryFn: async ({ signal }) => {
      const { assets } = await rpc.call('bundle.assets', { type: 'reactions' }, { signal });
      return ReactionBundles.parse(assets).flatMap((bundle) => bundle.content.map((token, index) => `${shortHash(bundle.hash)}_${index}_${token}`));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Reactions and messages on a battle's page: one of each in flight at a time (document 1
 * section 4). A refused reaction (a flood) shakes the screen; the server's text is the notice.
 * With the messages-mute setting on, only the player's own messages show.
 */
export function BattleChat({ detail, users, logged, myHash, onFlood }: { detail: BattleDetail; users: readonly Player[]; logged: boolean; myHash: string | null; onFlood(): void }) {
  const token = detail.game.token;
  const { messages_mute: muted } = useSettings();
  const shown = muted ? detail.messages.filter((message) => message.user_hash === myHash) : detail.messages;
  const hidden = detail.messages.length - shown.length;
  const reactions = useReactionIds();
  const [text, setText] = useState('');
  const react = useMutation({
    mutationFn: (reaction: string) => rpc.call('arena-battle.reaction', { token, reaction }),
    onError: onFlood,
  });
  const send = useMutation({
    mutationFn: (message: string) => rpc.call('arena-battle.message', { token, text: message }),
    onSuccess: () => setText(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message && !send.isPending) send.mutate(message);
  };
  const nameOf = (hash: string) => users.find((user) => user.hash === hash)?.display_name ?? 'Player';

  return (
    <Panel title="Chat" className="battle-chat" actions={<Toggle label="Mute messages" checked={muted} onChange={(value) => setSetting('messages_mute', value)} />}>
      {logged && (
        <div className="reaction-bar" role="group" aria-label="Reactions">
          {reactions.isError ? (
            <p className="muted">Oops, looks like the arena emotes failed to load!</p>
          ) : (
            (reactions.data ?? []).map((id) => (
              <button key={id} type="button" className="reaction-button" aria-label={`React ${id.split('_').slice(2).join(' ')}`} disabled={react.isPending} onClick={() => react.mutate(id)}>
                {reactionGlyph(id)}
              </button>
            ))
          )}
        </div>
      )}
      <ol className="message-list" aria-label="Messages" aria-live="polite">
        {shown.length === 0 && hidden === 0 && <li className="muted">No messages yet.</li>}
        {hidden > 0 && (
          <li className="muted" data-testid="muted-count">
            {hidden} {hidden === 1 ? 'message' : 'messages'} muted
          </li>
        )}
        {shown.map((message) => (
          <li key={message.hash}>
            <strong>{nameOf(message.user_hash)}</strong> {message.text}
          </li>
        ))}
      </ol>
      {logged && (
        <form className="message-form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="battle-message">
            Message on this battle
          </label>
          <input id="battle-message" className="field-input" maxLength={200} placeholder="Say something" value={text} onChange={(event) => setText(event.target.value)} />
          <Button type="submit" size="sm" disabled={send.isPending || text.trim() === ''}>
            Send
          </Button>
        </form>
      )}
    </Panel>
  );
}
