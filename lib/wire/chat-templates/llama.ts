/**
 * Llama 3.1, 3.2 and 3.3 with custom tools: "Environment: ipython" in the system turn, and the
 * tools as indented JSON in the first user turn, after the instruction to answer with one JSON
 * function call.
 */
export const LLAMA_3_TEMPLATE = `{{- bos_token }}
{%- if messages[0].role == 'system' %}
    {%- set system_message = messages[0].content %}
    {%- set loop_messages = messages[1:] %}
{%- else %}
    {%- set system_message = '' %}
    {%- set loop_messages = messages %}
{%- endif %}
{{- '<|start_header_id|>system<|end_header_id|>\\n\\n' }}
{%- if tools %}
    {{- 'Environment: ipython\\n' }}
{%- endif %}
{{- 'Cutting Knowledge Date: December 2023\\n' }}
{{- 'Today Date: ' + date_string + '\\n\\n' }}
{{- system_message }}
{{- '<|eot_id|>' }}
{%- for message in loop_messages %}
    {%- if message.role == 'user' %}
        {{- '<|start_header_id|>user<|end_header_id|>\\n\\n' }}
        {%- if tools and loop.first %}
            {{- 'Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\\n\\n' }}
            {{- 'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables.\\n\\n' }}
            {%- for tool in tools %}
                {{- tool | tojson(indent=4) }}
                {{- '\\n\\n' }}
            {%- endfor %}
        {%- endif %}
        {{- message.content + '<|eot_id|>' }}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}
{%- endif %}`;
