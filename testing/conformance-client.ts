// The playground's MCP client (lib/server/mcp/connect-mcp-server.ts, the one the route uses) as
// the official conformance suite's client scenarios run a client: the suite starts a test server
// and runs this with its URL as the last argument. It connects, lists the tools and calls each
// (`add_numbers` with numbers); a question from the server is answered as the person would who
// sends the form as it starts (its defaults), through the same form code the page uses.
//   conformance client --command "node_modules/.bin/tsx --conditions=react-server testing/conformance-client.ts" --scenario initialize
import { checkInputForm, readInputForm } from '../lib/mcp/mcp-input-form';
import { connectMcpServer } from '../lib/server/mcp/connect-mcp-server';

const url = process.argv.at(-1) ?? '';
const connection = await connectMcpServer(url);
try {
  for (const tool of await connection.listTools()) {
    await connection.callTool(tool.name, tool.name === 'add_numbers' ? { a: 2, b: 3 } : {}, {
      timeoutMs: 20_000,
      onQuestion: (question) => {
        const form = readInputForm(question.requestedSchema);
        const checked = checkInputForm(
          form,
          Object.fromEntries(form.fields.map((field) => [field.name, field.initial])),
        );
        connection.answerQuestion(
          question.id,
          checked.ok && !form.problem ? { action: 'accept', content: checked.content } : { action: 'decline' },
        );
      },
    });
  }
} finally {
  await connection.close();
}
