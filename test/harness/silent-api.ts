/**
 * A GitHub that accepts connections and never answers (a brownout): what every request's deadline and the
 * cancel budget are tested against (test/hostile/silent-github.test.ts, late-cancel.test.ts).
 */
import { createServer, type Server, type Socket } from "node:net";

/** A server on 127.0.0.1 that takes every connection and every request, and never answers one. */
export interface SilentApi {
  url: string;
  /** The request lines received ("GET /user HTTP/1.1"), in order. */
  requests: string[];
  /** Connections still open (the action's requests not yet aborted). */
  open(): number;
  close(): Promise<void>;
}

export async function startSilentApi(): Promise<SilentApi> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", (chunk) => {
      for (const line of chunk.toString("latin1").split("\r\n")) {
        if (/^[A-Z]+ \/\S* HTTP\/1\.1$/.test(line)) requests.push(line);
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    open: () => sockets.size,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function withSilentApi(test: (api: SilentApi) => Promise<void>): Promise<void> {
  const api = await startSilentApi();
  try {
    await test(api);
  } finally {
    await api.close();
  }
}
