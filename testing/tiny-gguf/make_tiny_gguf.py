"""Writes a tiny llama-architecture GGUF for tests, with llama.cpp's own writer (PyPI `gguf`).

Random weights from a fixed seed (the same bytes every run), a byte-level vocabulary (the 256
byte tokens of GPT-2's byte-level BPE and one merge, of two NUL bytes, so every text without
NULs has exactly one spelling)
plus Qwen 2.5's special tokens, and Qwen 2.5's chat template with tool support. One embedding
dimension is a constant the layers carry through, so a few output rows act as biases: the model
opens a tool call about as often as it answers in text, strings, objects and turns end soon, and
it writes ASCII.

    python make_tiny_gguf.py OUT.gguf
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
]
# Output rows given a lean through the constant dimension (its logit offset at the output).
LEANS = {"<tool_call>": 2.5, "</tool_call>": 1.0, "<|im_end|>": 2.0, '"': 2.0, "}": 1.5, "]": 1.0, ",": 0.5}


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


def main(out: str) -> None:
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
    writer.add_name("tool-playground-tiny")
    writer.add_description("Random weights for tests (tool-playground testing/tiny-gguf); not a language model.")
    writer.add_context_length(4096)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
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
    writer.add_tensor("token_embd.weight", embed)
    for layer in range(N_LAYER):
        block = f"blk.{layer}"
        writer.add_tensor(f"{block}.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        for name in ("attn_q", "attn_k", "attn_v"):
            writer.add_tensor(f"{block}.{name}.weight", weights(N_EMBD, N_EMBD))
        out_proj = weights(N_EMBD, N_EMBD, scale=0.3 * N_EMBD**-0.5)
        out_proj[0, :] = 0.0  # the layers leave the constant dimension alone
        writer.add_tensor(f"{block}.attn_output.weight", out_proj)
        writer.add_tensor(f"{block}.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"{block}.ffn_gate.weight", weights(N_FF, N_EMBD))
        writer.add_tensor(f"{block}.ffn_up.weight", weights(N_FF, N_EMBD))
        down = weights(N_EMBD, N_FF, scale=0.3 * N_FF**-0.5)
        down[0, :] = 0.0
        writer.add_tensor(f"{block}.ffn_down.weight", down)
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    output = weights(n_vocab, N_EMBD, scale=1.5 * N_EMBD**-0.5)
    output[:, 0] = 0.0
    # After the RMS norm the constant dimension is about 4 / rms ≈ 1.9; each lean is its logit offset.
    for text, lean in LEANS.items():
        output[ids[text] if text in ids else ids[alphabet[ord(text)]], 0] = lean / 1.9
    # Bytes above 0x7F lean far away: llama.cpp's grammar counts a UTF-8 lead byte and whatever bytes
    # follow as one character, so random bytes could write invalid UTF-8 inside a "valid" string.
    for byte in range(0x80, 0x100):
        output[ids[alphabet[byte]], 0] = -12.0 / 1.9
    writer.add_tensor("output.weight", output)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


if __name__ == "__main__":
    main(sys.argv[1])
