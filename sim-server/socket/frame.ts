/**
 * The WebSocket frame of a text payload as a server sends it (RFC 6455 section 5.2: FIN, text
 * opcode, unmasked, 7/16/64-bit length), header and payload in one buffer for one write.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, head);
  return frame;
}
