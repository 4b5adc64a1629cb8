/**
 * Where a tool call's arguments (JSON text, as the model wrote it) hold a whole number written
 * as a fraction or with an exponent (`5.0`, `1e3`). JSON.parse makes those plain integers; BFCL
 * reads them as Python floats, which an `integer` parameter refuses. Each place is its path of
 * keys and indexes; none for text that is not JSON.
 */
export function floatWrittenIntegers(text: string): string[][] {
  const found: string[][] = [];
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const fail = (): never => {
    throw new SyntaxError('not JSON');
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail();
    at++;
    return JSON.parse(text.slice(start, at));
  };
  const value = (path: string[]): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        const key = string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value([...path, key]);
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return;
        } else fail();
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (let index = 0; ; index++) {
        value([...path, String(index)]);
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') {
          at++;
          return;
        } else fail();
      }
    }
    if (char === '"') {
      string();
      return;
    }
    const literal = /^-?\d+(\.\d+)?([eE][+-]?\d+)?|^(true|false|null)/.exec(text.slice(at, at + 400));
    if (!literal) throw new SyntaxError('not JSON');
    at += literal[0].length;
    if ((literal[1] || literal[2]) && Number.isInteger(Number(literal[0]))) found.push(path);
  };
  try {
    value([]);
    space();
    return at === text.length ? found : [];
  } catch {
    return [];
  }
}
