// A full garbage collection in the service, through the inspector (Chrome DevTools Protocol's
// HeapProfiler.collectGarbage). Node 24's V8 lets collectable garbage grow to a few hundred MB
// before a full collection when it allocates fast (the service on PGlite does: each query's
// answer is copied out of PGlite's memory); memory read then says how busy the collector has
// been, not what the service holds. A leak survives a full collection; garbage does not.

interface DevtoolsTarget {
  webSocketDebuggerUrl: string;
}

export async function collectGarbage(inspectPort: number): Promise<void> {
  const targets = (await (
    await fetch(`http://127.0.0.1:${inspectPort}/json/list`)
  ).json()) as DevtoolsTarget[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${inspectPort}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  try {
    const done = new Promise<void>((resolve, reject) => {
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: unknown };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`collectGarbage: ${JSON.stringify(message.error)}`));
        else resolve();
      });
    });
    socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
    await done;
  } finally {
    socket.close();
  }
}
