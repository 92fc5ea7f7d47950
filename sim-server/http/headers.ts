/** Headers every answer carries, from fastify's onSend hook and from the lean RPC path alike. */
export const ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' } as const;
