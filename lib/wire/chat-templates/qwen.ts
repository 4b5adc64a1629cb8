/**
 * Qwen 2.5 and Qwen 3 (ChatML): the tools go into the system turn as one JSON object per line
 * inside `<tools></tools>`, then the instruction to answer in `<tool_call>` tags. Qwen 2.5
 * brings its own default system prompt; Qwen 3 has none.
 */
const qwenTemplate = (defaultSystem: string) => `{%- if tools %}
    {{- '<|im_start|>system\\n' }}
    {%- if messages[0].role == 'system' %}
        {{- messages[0].content + '\\n\\n' }}
    {%- elif ${JSON.stringify(defaultSystem)} %}
        {{- ${JSON.stringify(defaultSystem)} + '\\n\\n' }}
    {%- endif %}
    {{- "# Tools\\n\\nYou may call one or more functions to assist with the user query.\\n\\nYou are provided with function signatures within <tools></tools> XML tags:\\n<tools>" }}
    {%- for tool in tools %}
        {{- "\\n" }}
        {{- tool | tojson }}
    {%- endfor %}
    {{- "\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\\n<tool_call>\\n{\\"name\\": <function-name>, \\"arguments\\": <args-json-object>}\\n</tool_call><|im_end|>\\n" }}
{%- elif messages[0].role == 'system' %}
    {{- '<|im_start|>system\\n' + messages[0].content + '<|im_end|>\\n' }}
{%- endif %}
{%- for message in messages %}
    {%- if message.role == 'user' %}
        {{- '<|im_start|>user\\n' + message.content + '<|im_end|>\\n' }}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\\n' }}
{%- endif %}`;

export const QWEN_2_5_TEMPLATE = qwenTemplate('You are Qwen, created by Alibaba Cloud. You are a helpful assistant.');
export const QWEN_3_TEMPLATE = qwenTemplate('');
