// A local stand-in for an OpenAI-compatible provider, for the API tests and the browser
// journeys (decision 010). It answers POST /v1/chat/completions (and /chat/completions) and
// records every request; how it answers is set per visitor with the control endpoint:
//
//   POST /__control { safetyIdentifier?, mode, okCalls? }   mode for one visitor (the API sends
//                                                           a hash of the chat session as the
//                                                           request's safety_identifier), or the
//                                                           default for everyone without one
//   GET  /__control                                          { calls, requests } so far
//   POST /__control/reset                                    back to echo for everyone
//
// Modes: 'echo' answers the prompt's "Scripted wording:" line word for word (so the chat looks
// scripted); 'dialect' wraps it in the two forbidden forms the check must remove; 'fail' (HTTP
// 500, its body quoting the key), 'unauthorized' (401 quoting the key), 'malformed' (a body
// that is not JSON), 'empty' (an empty message), 'hang' (never answers). With `okCalls: n` a
// visitor's first n calls are answered with 'echo' and the rest with `mode`.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const MODES = new Set(['echo', 'dialect', 'fail', 'unauthorized', 'malformed', 'empty', 'hang']);

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function scriptedWording(body) {
  const system = body?.messages?.find((m) => m.role === 'system')?.content ?? '';
  return /^Scripted wording: (.*)$/m.exec(system)?.[1] ?? 'What would you like to tell me?';
}

function completion(content) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** Starts the fake on `port` (0: any free port). Resolves to { url, port, state, close }. */
export async function startFakeOpenAi({ port = 0, host = '127.0.0.1' } = {}) {
  const state = {
    defaultRule: { mode: 'echo', okCalls: 0 },
    rules: new Map(),
    callsBy: new Map(),
    /** Every completion request: { headers, body }. */
    requests: [],
  };

  const server = createServer(async (request, response) => {
    const send = (status, payload, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/__control' && request.method === 'GET') {
        return send(200, { calls: state.requests.length, requests: state.requests.slice(-50) });
      }
      if (url.pathname === '/__control/reset' && request.method === 'POST') {
        state.defaultRule = { mode: 'echo', okCalls: 0 };
        state.rules.clear();
        state.callsBy.clear();
        state.requests.length = 0;
        return send(200, { ok: true });
      }
      if (url.pathname === '/__control' && request.method === 'POST') {
        const { safetyIdentifier, mode, okCalls = 0 } = JSON.parse((await readBody(request)) || '{}');
        if (!MODES.has(mode)) return send(400, { error: `unknown mode ${mode}` });
        const rule = { mode, okCalls: Number(okCalls) || 0 };
        if (safetyIdentifier) {
          state.rules.set(safetyIdentifier, rule);
          state.callsBy.set(safetyIdentifier, 0);
        } else state.defaultRule = rule;
        return send(200, { ok: true });
      }
      if (!/\/chat\/completions$/.test(url.pathname) || request.method !== 'POST') {
        return send(404, { error: { message: 'not found' } });
      }
      const raw = await readBody(request);
      const body = JSON.parse(raw);
      state.requests.push({ headers: request.headers, body });
      const who = body.safety_identifier ?? body.user ?? '';
      const rule = state.rules.get(who) ?? state.defaultRule;
      const calls = (state.callsBy.get(who) ?? 0) + 1;
      state.callsBy.set(who, calls);
      const mode = calls <= rule.okCalls ? 'echo' : rule.mode;
      const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      switch (mode) {
        case 'echo':
          return send(200, completion(scriptedWording(body)));
        case 'dialect':
          return send(200, completion(`A, ${scriptedWording(body)} Yuh doing great.`));
        case 'fail':
          return send(500, { error: { message: `The server had an error with key ${key}`, type: 'server_error' } });
        case 'unauthorized':
          return send(401, { error: { message: `Incorrect API key provided: ${key}`, type: 'invalid_request_error' } });
        case 'malformed':
          return send(200, '{"choices": [ this is not json', 'application/json');
        case 'empty':
          return send(200, completion(''));
        case 'hang':
          return undefined; // never answers; close() ends the connection
      }
    } catch (error) {
      send(500, { error: { message: String(error) } });
    }
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/v1`,
    controlUrl: `http://${host}:${actualPort}/__control`,
    port: actualPort,
    state,
    /** Sets how one visitor (or, without safetyIdentifier, everyone else) is answered. */
    setMode(mode, { safetyIdentifier, okCalls = 0 } = {}) {
      if (!MODES.has(mode)) throw new Error(`unknown mode ${mode}`);
      const rule = { mode, okCalls };
      if (safetyIdentifier) {
        state.rules.set(safetyIdentifier, rule);
        state.callsBy.set(safetyIdentifier, 0);
      } else state.defaultRule = rule;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly (Playwright's webServer): `node scripts/fake-openai/fake-openai-server.mjs`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.FAKE_OPENAI_PORT ?? 4311);
  const fake = await startFakeOpenAi({ port });
  console.log(`fake OpenAI-compatible server on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
