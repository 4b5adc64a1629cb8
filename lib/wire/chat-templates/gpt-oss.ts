/**
 * gpt-oss (OpenAI's Harmony format): the tools as a TypeScript namespace `functions` in the
 * developer message — a comment with each description, optional properties marked `?`, enums as
 * unions of literals, defaults as trailing comments. (`schema['items']`, not `schema.items`:
 * Python's jinja2 finds a dict's `items` method first.)
 */
export const GPT_OSS_TEMPLATE = `{%- macro render_type(schema) -%}
    {%- if schema.enum is defined -%}
        {%- for value in schema.enum -%}
            {{- value | tojson -}}
            {%- if not loop.last %}{{- ' | ' -}}{% endif -%}
        {%- endfor -%}
    {%- elif schema.anyOf is defined -%}
        {%- for branch in schema.anyOf -%}
            {{- render_type(branch) -}}
            {%- if not loop.last %}{{- ' | ' -}}{% endif -%}
        {%- endfor -%}
    {%- elif schema.type == 'string' -%}
        {{- 'string' -}}
    {%- elif schema.type == 'number' or schema.type == 'integer' -%}
        {{- 'number' -}}
    {%- elif schema.type == 'boolean' -%}
        {{- 'boolean' -}}
    {%- elif schema.type == 'null' -%}
        {{- 'null' -}}
    {%- elif schema.type == 'array' -%}
        {%- if schema['items'] is defined -%}
            {{- render_type(schema['items']) + '[]' -}}
        {%- else -%}
            {{- 'any[]' -}}
        {%- endif -%}
    {%- elif schema.type == 'object' and schema.properties is defined -%}
        {{- '{\\n' -}}
        {%- for name, property in schema.properties.items() -%}
            {%- if property.description is defined -%}
                {{- '// ' + property.description + '\\n' -}}
            {%- endif -%}
            {{- name -}}
            {%- if schema.required is not defined or name not in schema.required -%}{{- '?' -}}{%- endif -%}
            {{- ': ' + render_type(property) + ',' -}}
            {%- if property.default is defined -%}{{- ' // default: ' + (property.default | tojson) -}}{%- endif -%}
            {{- '\\n' -}}
        {%- endfor -%}
        {{- '}' -}}
    {%- elif schema.type == 'object' -%}
        {{- 'object' -}}
    {%- else -%}
        {{- 'any' -}}
    {%- endif -%}
{%- endmacro -%}
{{- '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\\nKnowledge cutoff: 2024-06\\nCurrent date: ' + date_string + '\\n\\nReasoning: medium\\n\\n# Valid channels: analysis, commentary, final. Channel must be included for every message.' }}
{%- if tools %}
    {{- "\\nCalls to these tools must go to the commentary channel: 'functions'." }}
{%- endif %}
{{- '<|end|>' }}
{%- if messages[0].role == 'system' or tools %}
    {{- '<|start|>developer<|message|>' }}
    {%- if messages[0].role == 'system' %}
        {{- '# Instructions\\n\\n' + messages[0].content }}
        {%- if tools %}{{- '\\n\\n' }}{%- endif %}
    {%- endif %}
    {%- if tools %}
        {{- '# Tools\\n\\n## functions\\n\\nnamespace functions {\\n\\n' }}
        {%- for tool in tools %}
            {%- set fn = tool.function %}
            {{- '// ' + fn.description + '\\n' }}
            {%- if fn.parameters.properties is defined and fn.parameters.properties | length > 0 %}
                {{- 'type ' + fn.name + ' = (_: ' + render_type(fn.parameters) + ') => any;\\n\\n' }}
            {%- else %}
                {{- 'type ' + fn.name + ' = () => any;\\n\\n' }}
            {%- endif %}
        {%- endfor %}
        {{- '} // namespace functions' }}
    {%- endif %}
    {{- '<|end|>' }}
{%- endif %}
{%- for message in messages %}
    {%- if message.role == 'user' %}
        {{- '<|start|>user<|message|>' + message.content + '<|end|>' }}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|start|>assistant' }}
{%- endif %}`;
