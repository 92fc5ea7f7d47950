/** Reading the socket's frames: every frame is checked against the contract before anyone sees it. */
import { PendingServerMessages, ServerMessages, describeIssues, z, type ServerFrame, type ServerMessageType } from '../contract/index.ts';

/** A frame the contract does not allow (bad JSON, unknown type, a payload of the wrong shape). */
export class SocketFrameError extends Error {
  override name = 'SocketFrameError';
  readonly type: string;
  readonly detail: string;
  constructor(type: string, detail: string) {
    super(`socket frame ${type}: ${detail}`);
    this.type = type;
    this.detail = detail;
  }
}

const Frame = z.object({ type: z.string(), data: z.optional(z.unknown()), room: z.optional(z.string()), offset: z.optional(z.number()) });
const pending: readonly string[] = PendingServerMessages;

const isKnown = (type: string): type is ServerMessageType => Object.hasOwn(ServerMessages, type);

/** Reads one frame: the parsed frame, the error that refuses it, or null for a message a later slice will define. */
export function parseFrame(raw: unknown): ServerFrame | SocketFrameError | null {
  let json: unknown;
  try {
    json = JSON.parse(String(raw));
  } catch {
    return new SocketFrameError('?', 'not JSON');
  }
  const frame = z.safeParse(Frame, json);
  if (!frame.success) return new SocketFrameError('?', describeIssues(frame.error.issues));
  const { type, room, offset } = frame.data;
  if (!isKnown(type)) {
    // Messages a later slice will define are expected; anything else is a wire bug.
    return pending.includes(type) ? null : new SocketFrameError(type, 'unknown type');
  }
  const data = z.safeParse(ServerMessages[type], frame.data.data ?? {});
  if (!data.success) return new SocketFrameError(type, describeIssues(data.error.issues));
  return { type, data: data.data, room, offset } as ServerFrame;
}
