/**
 * Mistral (7B Instruct v0.3, Nemo, Small): the tools as one JSON array between
 * `[AVAILABLE_TOOLS]` and `[/AVAILABLE_TOOLS]`, just before the last user turn; the system
 * prompt rides in that last user turn.
 */
export const MISTRAL_TEMPLATE = `{{- bos_token }}
{%- if messages[0].role == 'system' %}
    {%- set system_message = messages[0].content %}
    {%- set loop_messages = messages[1:] %}
{%- else %}
    {%- set system_message = '' %}
    {%- set loop_messages = messages %}
{%- endif %}
{%- set user_messages = loop_messages | selectattr('role', 'equalto', 'user') | list %}
{%- for message in loop_messages %}
    {%- if message.role == 'user' %}
        {%- if tools and message == user_messages[-1] %}
            {{- '[AVAILABLE_TOOLS] ' + (tools | tojson) + '[/AVAILABLE_TOOLS]' }}
        {%- endif %}
        {%- if system_message and message == user_messages[-1] %}
            {{- '[INST] ' + system_message + '\\n\\n' + message.content + '[/INST]' }}
        {%- else %}
            {{- '[INST] ' + message.content + '[/INST]' }}
        {%- endif %}
    {%- endif %}
{%- endfor %}`;
