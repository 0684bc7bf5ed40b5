// The TypeScript SDK v1 client (what Claude Desktop, Claude Code, Cursor and VS Code embed) against
// `edgar serve-mcp`, for tests/test_mcp_interop.py. Reads {"stdio": {command, args, env}, "http": {url,
// token}, "cases": [[label, tool, args], ...]} on stdin; for each transport it lists the tools and calls
// every case, recording what the SDK hands its host: the result, or the error it threw. Prints one JSON
// object on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const config = JSON.parse(Buffer.concat(chunks).toString("utf8"));

async function drive(transport) {
  const client = new Client({ name: "edgar-interop", version: "1.0.0" });
  await client.connect(transport);
  const listed = await client.listTools();
  const results = {};
  for (const [label, tool, args] of config.cases) {
    try {
      const r = await client.callTool({ name: tool, arguments: args });
      results[label] = {
        isError: r.isError === true,
        structuredContent: r.structuredContent ?? null,
        text: (r.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n"),
      };
    } catch (err) {
      results[label] = { thrown: `${err?.name}: ${err?.message}`, code: err?.code ?? null };
    }
  }
  await client.close();
  return { tools: listed.tools.map((t) => t.name), results };
}

const out = {};
if (config.stdio) {
  out.stdio = await drive(new StdioClientTransport({ ...config.stdio, stderr: "ignore" }));
}
if (config.http) {
  const headers = config.http.token ? { Authorization: `Bearer ${config.http.token}` } : {};
  out.http = await drive(new StreamableHTTPClientTransport(new URL(config.http.url), { requestInit: { headers } }));
}
process.stdout.write(JSON.stringify(out));
