"""Writes a tiny llama-architecture GGUF for tests, with llama.cpp's own writer (PyPI `gguf`).

Random weights from a fixed seed (the same bytes every run), a byte-level vocabulary (the 256
byte tokens of GPT-2's byte-level BPE and one merge, of two NUL bytes, so every text without
NULs has exactly one spelling)
plus Qwen 2.5's special tokens, and Qwen 2.5's chat template with tool support. One embedding
dimension is a constant the layers carry through, so a few output rows act as biases: the model
opens a tool call about as often as it answers in text, strings, objects and turns end soon, and
it writes printable ASCII. And one circuit is built by hand: the first layer's head 0 attends to a
`</tool_response>` token wherever it is (its query reads the constant dimension, its key an indicator
of that token, on the RoPE pair that barely rotates), and carries it to dimension 2, which leans the
output away from a tool call: after a tool's result, the model answers in text.

    python make_tiny_gguf.py OUT.gguf [--chatty]

`--chatty` writes the same model leaning away from tool calls and the end of its turn: it answers
in text until its token limit (a long generation, for tests that stop one), in letters and spaces
more than punctuation, as prose is.
"""

import sys
from pathlib import Path

import gguf
import numpy as np

SEED = 20261129
N_EMBD, N_FF, N_LAYER, N_HEAD = 64, 128, 2, 4
SPECIALS = [  # (text, llama.cpp token type)
    ("<|endoftext|>", gguf.TokenType.CONTROL),
    ("<|im_start|>", gguf.TokenType.CONTROL),
    ("<|im_end|>", gguf.TokenType.CONTROL),
    ("<tool_call>", gguf.TokenType.USER_DEFINED),
    ("</tool_call>", gguf.TokenType.USER_DEFINED),
    # Qwen 3's added tokens for the template's tool results.
    ("<tool_response>", gguf.TokenType.USER_DEFINED),
    ("</tool_response>", gguf.TokenType.USER_DEFINED),
]
# Output rows given a lean through the constant dimension (its logit offset at the output).
CHATTY_LEANS = {"<tool_call>": -12.0, "<|im_end|>": -12.0, "<|endoftext|>": -12.0}
LEANS = {"<tool_call>": 3.0, "</tool_call>": 1.0, "<|im_end|>": 2.0, '"': 2.0, "}": 1.5, "]": 1.0, ",": 0.5}


def bytes_to_unicode():
    """GPT-2's byte-level alphabet: each byte as a printable character."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


def main(out: str, chatty: bool = False) -> None:
    alphabet = bytes_to_unicode()
    # llama.cpp wants at least one merge: two NUL bytes, which no prompt or tool name contains.
    nul = alphabet[0]
    tokens = [alphabet[b] for b in range(256)] + [nul + nul] + [text for text, _ in SPECIALS]
    types = [gguf.TokenType.NORMAL] * 257 + [kind for _, kind in SPECIALS]
    ids = {text: i for i, text in enumerate(tokens)}
    n_vocab = len(tokens)
    rng = np.random.RandomState(SEED)

    def weights(*shape, scale=None):
        fan_in = shape[-1]
        return (rng.standard_normal(shape) * (scale if scale is not None else fan_in**-0.5)).astype(np.float32)

    template = (Path(__file__).parent / "qwen2.5-tools.jinja").read_text()
    writer = gguf.GGUFWriter(out, "llama")
    writer.add_name("tool-playground-tiny-chatty" if chatty else "tool-playground-tiny")
    writer.add_description("Random weights for tests (tool-playground testing/tiny-gguf); not a language model.")
    writer.add_context_length(32768)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    # A base so large that the last RoPE pair (dimensions 14 and 15 of each head) does not rotate.
    writer.add_rope_freq_base(1e12)
    writer.add_vocab_size(n_vocab)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen2")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges([f"{nul} {nul}"])
    writer.add_bos_token_id(ids["<|endoftext|>"])
    writer.add_eos_token_id(ids["<|im_end|>"])
    writer.add_pad_token_id(ids["<|endoftext|>"])
    writer.add_add_bos_token(False)
    writer.add_chat_template(template)

    embed = weights(n_vocab, N_EMBD, scale=1.0)
    embed[:, 0] = 4.0  # the constant dimension
    embed[:, 1:3] = 0.0  # the result indicator, and the "a result was seen" feature
    embed[ids["</tool_response>"], 1] = 6.0
    writer.add_tensor("token_embd.weight", embed)
    for layer in range(N_LAYER):
        block = f"blk.{layer}"
        writer.add_tensor(f"{block}.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        q, k, v = (weights(N_EMBD, N_EMBD) for _ in range(3))
        out_proj = weights(N_EMBD, N_EMBD, scale=0.3 * N_EMBD**-0.5)
        if layer == 0:
            # Head 0 (rows 0–15): score ≈ 20 on a </tool_response>, 0 elsewhere; its value is the indicator.
            q[0:16, :] = 0.0
            k[0:16, :] = 0.0
            v[0:16, :] = 0.0
            q[14, 0] = 2.2
            k[14, 1] = 2.2
            v[0, 1] = 1.3
            out_proj[:, 0:16] = 0.0
            out_proj[2, 0] = 1.0
        for name, matrix in (("attn_q", q), ("attn_k", k), ("attn_v", v)):
            writer.add_tensor(f"{block}.{name}.weight", matrix)
        out_proj[0, :] = 0.0  # the layers leave the constant dimension alone
        if layer != 0:
            out_proj[1:3, :] = 0.0
        writer.add_tensor(f"{block}.attn_output.weight", out_proj)
        writer.add_tensor(f"{block}.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"{block}.ffn_gate.weight", weights(N_FF, N_EMBD))
        writer.add_tensor(f"{block}.ffn_up.weight", weights(N_FF, N_EMBD))
        down = weights(N_EMBD, N_FF, scale=0.3 * N_FF**-0.5)
        down[0:3, :] = 0.0
        writer.add_tensor(f"{block}.ffn_down.weight", down)
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    output = weights(n_vocab, N_EMBD, scale=1.5 * N_EMBD**-0.5)
    output[:, 0:3] = 0.0
    # Having seen a tool's result leans the output away from another call.
    output[ids["<tool_call>"], 2] = -2.5
    # After the RMS norm the constant dimension is about 4 / rms ≈ 1.9; each lean is its logit offset.
    if chatty:
        for byte in [ord(" "), *range(ord("a"), ord("z") + 1)]:
            output[ids[alphabet[byte]], 0] = 2.0 / 1.9
    for text, lean in {**LEANS, **(CHATTY_LEANS if chatty else {})}.items():
        output[ids[text] if text in ids else ids[alphabet[ord(text)]], 0] = lean / 1.9
    # Bytes above 0x7F lean far away: llama.cpp's grammar counts a UTF-8 lead byte and whatever bytes
    # follow as one character, so random bytes could write invalid UTF-8 inside a "valid" string.
    # Control characters too (but the newline), less far: its text stays printable, and the tokens
    # that are not whole characters are the least likely of all.
    for byte in range(0x80, 0x100):
        output[ids[alphabet[byte]], 0] = -24.0 / 1.9
    for byte in [*range(0x00, 0x0A), *range(0x0B, 0x20), 0x7F]:
        output[ids[alphabet[byte]], 0] = -12.0 / 1.9
    writer.add_tensor("output.weight", output)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


if __name__ == "__main__":
    main(sys.argv[1], chatty="--chatty" in sys.argv[2:])
