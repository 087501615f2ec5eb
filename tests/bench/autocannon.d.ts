/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    duration: number;
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
