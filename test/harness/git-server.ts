/**
 * A private repository served by git's own smart-HTTP server (`git http-backend`, as CGI) on 127.0.0.1,
 * answering 401 unless the request carries the token the way actions/checkout sends it
 * (`AUTHORIZATION: basic <base64 of x-access-token:TOKEN>`). Records what it was asked.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface GitServer {
  /** `http://127.0.0.1:<port>`: a repository `<name>.git` under `root` is at `${url}/<name>.git`. */
  url: string;
  requests: { path: string; authorized: boolean }[];
  close(): Promise<void>;
}

export async function startGitServer(root: string, token: string): Promise<GitServer> {
  const expected = `basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
  const requests: GitServer["requests"] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const authorized = (req.headers.authorization ?? "").toLowerCase() === expected.toLowerCase();
    requests.push({ path: url.pathname, authorized });
    if (!authorized) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="GitHub"' });
      res.end("401 Unauthorized\n");
      return;
    }
    const cgi = spawn("git", ["http-backend"], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        REMOTE_USER: "x-access-token",
        REMOTE_ADDR: "127.0.0.1",
        GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
        HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"] ?? ""),
      },
      stdio: ["pipe", "pipe", "ignore"],
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on("data", (c: Buffer) => chunks.push(c));
    cgi.on("close", () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf("\r\n\r\n");
      const headerEnd = split === -1 ? out.indexOf("\n\n") : split;
      const headerText = out.subarray(0, headerEnd).toString("utf8");
      const body = out.subarray(headerEnd + (split === -1 ? 2 : 4));
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of headerText.split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon === -1) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(body);
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
