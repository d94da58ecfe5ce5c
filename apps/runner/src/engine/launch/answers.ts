// Whether a service's health or readiness route answers 2xx within a second: the probe the service
// start-up and the other runtimes' start-up both wait on.
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}
