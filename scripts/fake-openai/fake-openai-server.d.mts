/** Types of fake-openai-server.mjs for the TypeScript tests. */
export type FakeOpenAiMode = 'echo' | 'dialect' | 'fail' | 'unauthorized' | 'malformed' | 'empty' | 'hang';

export interface FakeOpenAiRequest {
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    temperature?: number;
    safety_identifier?: string;
    messages: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
}

export interface FakeOpenAi {
  url: string;
  controlUrl: string;
  port: number;
  state: { requests: FakeOpenAiRequest[] };
  setMode(mode: FakeOpenAiMode, options?: { safetyIdentifier?: string; okCalls?: number }): void;
  close(): Promise<void>;
}

export function startFakeOpenAi(options?: { port?: number; host?: string }): Promise<FakeOpenAi>;
