import type { GgufHeader, GgufValue } from './read-gguf-header';

/** What the playground needs of a model file to talk to it: its template, its vocabulary, its size. */
export type LocalModelInfo = {
  name: string;
  architecture: string;
  /** The chat template in the file (Jinja), rendered by the playground with the tools. */
  chatTemplate: string;
  /** Each token's bytes as the model writes them (special tokens: their text). */
  pieces: Uint8Array[];
  /** The token that opens a tool call, and the one that closes it. */
  toolCallOpen: number;
  toolCallClose: number;
  /** Control and user-defined tokens (the template's tags): never part of a tool's arguments. */
  specialTokens: number[];
  bosText: string;
  eosText: string;
  contextLength: number;
};

export type LocalModelInfoRead = { ok: true; info: LocalModelInfo } | { ok: false; error: string };

const TOOL_CALL_OPEN = '<tool_call>';
const TOOL_CALL_CLOSE = '</tool_call>';
/** llama.cpp's token types (gguf.TokenType): control and user-defined tokens are written as their text. */
const CONTROL = 3;
const USER_DEFINED = 4;
const BYTE = 6;

/** GPT-2's byte-level alphabet, reversed: each printable character back to its byte. */
function byteLevelDecoder(): Map<string, number> {
  const printable = [...range(0x21, 0x7e), ...range(0xa1, 0xac), ...range(0xae, 0xff)];
  const decoder = new Map<string, number>();
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) {
    const char = printable.includes(byte) ? byte : 256 + extra++;
    decoder.set(String.fromCodePoint(char), byte);
  }
  return decoder;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** A token's bytes: byte-level BPE (gpt2) maps characters to bytes; SentencePiece (llama) writes ▁ for a space and <0xNN> for a byte. */
function piecesOf(tokens: readonly string[], types: readonly number[], model: string): Uint8Array[] {
  const encoder = new TextEncoder();
  const byteLevel = model === 'gpt2' ? byteLevelDecoder() : undefined;
  return tokens.map((token, id) => {
    const type = types[id];
    if (type === CONTROL || type === USER_DEFINED) return encoder.encode(token);
    if (byteLevel) {
      const bytes: number[] = [];
      for (const char of token) {
        const byte = byteLevel.get(char);
        if (byte === undefined) return encoder.encode(token);
        bytes.push(byte);
      }
      return Uint8Array.from(bytes);
    }
    if (type === BYTE && /^<0x[0-9A-Fa-f]{2}>$/.test(token))
      return Uint8Array.of(Number.parseInt(token.slice(3, 5), 16));
    return encoder.encode(token.replaceAll('\u2581', ' '));
  });
}

const text = (value: GgufValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: GgufValue | undefined): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;

/**
 * The model's name, template, vocabulary and tool-call tokens from its header — or why the
 * playground cannot run tools with it (no template, a template without tools, a tool-call format
 * it does not read), in a sentence.
 */
export function readLocalModelInfo(header: GgufHeader): LocalModelInfoRead {
  const meta = header.metadata;
  const architecture = text(meta.get('general.architecture')) ?? 'unknown';
  const name = text(meta.get('general.name')) ?? architecture;
  const chatTemplate = text(meta.get('tokenizer.chat_template'));
  if (!chatTemplate)
    return {
      ok: false,
      error: `${name} has no chat template in its file, so the playground cannot tell how it reads tools. Choose an instruction model whose GGUF carries its template.`,
    };
  if (!/\btools\b/.test(chatTemplate))
    return {
      ok: false,
      error: `${name}'s chat template has no tool support (it never renders "tools"). Choose a model made for tool calling, such as Qwen 2.5 Instruct.`,
    };
  const tokens = meta.get('tokenizer.ggml.tokens');
  if (!Array.isArray(tokens) || !tokens.every((token) => typeof token === 'string'))
    return { ok: false, error: `${name}'s file has no vocabulary (tokenizer.ggml.tokens).` };
  const types = meta.get('tokenizer.ggml.token_type');
  const typeList = Array.isArray(types) ? types.map((type) => Number(type)) : [];
  const toolCallOpen = tokens.indexOf(TOOL_CALL_OPEN);
  const toolCallClose = tokens.indexOf(TOOL_CALL_CLOSE);
  if (toolCallOpen < 0 || toolCallClose < 0 || !chatTemplate.includes(TOOL_CALL_OPEN))
    return {
      ok: false,
      error: `${name} writes tool calls in a format the playground does not read yet: it reads calls written as <tool_call>{"name": …, "arguments": …}</tool_call> (Qwen 2.5, Qwen 3, Hermes).`,
    };
  const tokenAt = (key: string) => {
    const id = count(meta.get(key));
    return id === undefined ? '' : ((tokens[id] as string | undefined) ?? '');
  };
  return {
    ok: true,
    info: {
      name,
      architecture,
      chatTemplate,
      pieces: piecesOf(tokens as string[], typeList, text(meta.get('tokenizer.ggml.model')) ?? 'gpt2'),
      toolCallOpen,
      toolCallClose,
      specialTokens: typeList.flatMap((type, id) => (type === CONTROL || type === USER_DEFINED ? [id] : [])),
      bosText: tokenAt('tokenizer.ggml.bos_token_id'),
      eosText: tokenAt('tokenizer.ggml.eos_token_id'),
      contextLength: count(meta.get(`${architecture}.context_length`)) ?? 4096,
    },
  };
}
