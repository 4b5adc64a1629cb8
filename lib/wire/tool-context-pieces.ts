import type { WireFormat } from '../shapes/wire-capture';

/*
 * What each tool puts into one request as the provider receives it: its definition (the body's
 * tool entry), the arguments of its calls and its results the request carries again — each piece
 * as the JSON text in the body, so the real tokenizer can count it (Context cost).
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** One tool's pieces of a request. */
export type ToolPieces = { definition: string; args: string[]; results: string[] };
/** A request's pieces by tool, and the whole body's text (what the shares are of). */
export type RequestPieces = { tools: Map<string, ToolPieces>; whole: string };

function piecesOf(tools: Map<string, ToolPieces>, name: string): ToolPieces {
  let pieces = tools.get(name);
  if (!pieces) {
    pieces = { definition: '', args: [], results: [] };
    tools.set(name, pieces);
  }
  return pieces;
}

function openaiChat(body: Json, tools: Map<string, ToolPieces>) {
  for (const entry of list(body.tools))
    if (isObject(entry.function)) piecesOf(tools, String(entry.function.name)).definition = JSON.stringify(entry);
  const names = new Map<string, string>();
  for (const message of list(body.messages)) {
    for (const call of list(message.tool_calls)) {
      const fn = isObject(call.function) ? call.function : {};
      names.set(String(call.id), String(fn.name));
      piecesOf(tools, String(fn.name)).args.push(text(fn.arguments));
    }
    if (message.role === 'tool') {
      const name = names.get(String(message.tool_call_id));
      if (name) piecesOf(tools, name).results.push(text(message.content));
    }
  }
}

function openaiResponses(body: Json, tools: Map<string, ToolPieces>) {
  for (const entry of list(body.tools))
    if (entry.type === 'function') piecesOf(tools, String(entry.name)).definition = JSON.stringify(entry);
  const names = new Map<string, string>();
  for (const item of list(body.input)) {
    if (item.type === 'function_call') {
      names.set(String(item.call_id), String(item.name));
      piecesOf(tools, String(item.name)).args.push(text(item.arguments));
    }
    if (item.type === 'function_call_output') {
      const name = names.get(String(item.call_id));
      if (name) piecesOf(tools, name).results.push(text(item.output));
    }
  }
}

function anthropic(body: Json, tools: Map<string, ToolPieces>) {
  for (const entry of list(body.tools)) piecesOf(tools, String(entry.name)).definition = JSON.stringify(entry);
  const names = new Map<string, string>();
  for (const message of list(body.messages))
    for (const part of list(message.content)) {
      if (part.type === 'tool_use') {
        names.set(String(part.id), String(part.name));
        piecesOf(tools, String(part.name)).args.push(text(part.input));
      }
      if (part.type === 'tool_result') {
        const name = names.get(String(part.tool_use_id));
        if (name) piecesOf(tools, name).results.push(text(part.content));
      }
    }
}

function gemini(body: Json, tools: Map<string, ToolPieces>) {
  for (const group of list(body.tools))
    for (const declaration of list(group.functionDeclarations))
      piecesOf(tools, String(declaration.name)).definition = JSON.stringify(declaration);
  for (const content of list(body.contents))
    for (const part of list(content.parts)) {
      if (isObject(part.functionCall))
        piecesOf(tools, String(part.functionCall.name)).args.push(text(part.functionCall.args));
      if (isObject(part.functionResponse))
        piecesOf(tools, String(part.functionResponse.name)).results.push(text(part.functionResponse.response));
    }
}

const READERS: Record<WireFormat, (body: Json, tools: Map<string, ToolPieces>) => void> = {
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
};

/** Each tool's pieces of a request body in `format`. */
export function toolContextPieces(format: WireFormat, body: unknown): RequestPieces {
  const tools = new Map<string, ToolPieces>();
  if (isObject(body)) READERS[format](body, tools);
  return { tools, whole: JSON.stringify(body) ?? '' };
}
