// A fetch stand-in for the identity service: answers are queued per test, requests recorded.

export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly redirect: RequestRedirect | undefined;
}

export interface FakeAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: readonly (readonly [string, string])[];
}

export function fakeIdentity(...answers: FakeAnswer[]): {
  fetch: typeof fetch;
  requests: RecordedRequest[];
} {
  const queue = [...answers];
  const requests: RecordedRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
    requests.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body,
      redirect: init?.redirect,
    });
    const answer = queue.shift();
    if (!answer) throw new TypeError("fetch failed");
    const headers = new Headers(
      answer.headers?.map(([name, value]) => [name, value] as [string, string]),
    );
    if (answer.body !== undefined) headers.set("content-type", "application/json");
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers,
    });
  };
  return { fetch: fake as typeof fetch, requests };
}
