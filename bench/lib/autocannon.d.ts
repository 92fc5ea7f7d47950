/** The part of autocannon's API the load generator uses (the package ships no types). */
declare module 'autocannon' {
  interface AutocannonClient {
    setHeaders(headers: Record<string, string>): void;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    setupClient?: (client: AutocannonClient) => void;
    verifyBody?: (body: string) => boolean;
  }
  interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { p50: number; p99: number; average: number };
    requests: { total: number; average: number };
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
