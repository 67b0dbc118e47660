#!/usr/bin/env python3
"""make_fixtures.py - writes tests/onnx/fixtures.h: a small ONNX model made by onnx.helper, as C bytes, for the unit
suite tests/unit/onnx_read.c (which must not need ONNX installed).

    python3 tests/onnx/make_fixtures.py      (needs the onnx and numpy packages)

The model: X float [batch, 3, 8, 8] -> Conv (W [4,3,3,3] in raw_data, B [4] in float_data; pads, strides,
kernel_shape, auto_pad) -> Y (value_info) -> LeakyRelu (alpha 0.1) -> R -> Clip (min omitted: input "") -> C ->
Reshape (shape int64 [2] = [0, -1], in int64_data) -> Z float [batch, 256]; and If (cond bool [] input, two
one-node subgraphs) -> O. Opset 13, IR version 7. The values of W are 0.01 * k - 0.5 for k = 0 .. 107, of B
1, 2, 3, 4; the Clip max is the initializer M = 6. The header also lists the byte offsets where the model's
top-level fields end (a truncation exactly there is a shorter valid message). Then the small models of the importer's
suite tests/unit/onnx_import.c (import_models: each says what it holds), hostile ones among them."""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))


def model():
    w = numpy_helper.from_array((np.arange(108, dtype=np.float32) * 0.01 - 0.5).reshape(4, 3, 3, 3), "W")
    b = helper.make_tensor("B", TensorProto.FLOAT, [4], [1.0, 2.0, 3.0, 4.0])
    shape = helper.make_tensor("S", TensorProto.INT64, [2], [0, -1])
    mx = helper.make_tensor("M", TensorProto.FLOAT, [], [6.0])
    then_g = helper.make_graph([helper.make_node("Identity", ["M"], ["t"])], "then", [],
                               [helper.make_tensor_value_info("t", TensorProto.FLOAT, [])])
    else_g = helper.make_graph([helper.make_node("Neg", ["M"], ["e"])], "else", [],
                               [helper.make_tensor_value_info("e", TensorProto.FLOAT, [])])
    nodes = [
        helper.make_node("Conv", ["X", "W", "B"], ["Y"], name="conv0", pads=[1, 1, 1, 1], strides=[1, 1],
                         kernel_shape=[3, 3], auto_pad="NOTSET"),
        helper.make_node("LeakyRelu", ["Y"], ["R"], alpha=0.1),
        helper.make_node("Clip", ["R", "", "M"], ["C"]),
        helper.make_node("Reshape", ["C", "S"], ["Z"]),
        helper.make_node("If", ["cond"], ["O"], then_branch=then_g, else_branch=else_g),
    ]
    g = helper.make_graph(nodes, "small",
                          [helper.make_tensor_value_info("X", TensorProto.FLOAT, ["batch", 3, 8, 8]),
                           helper.make_tensor_value_info("cond", TensorProto.BOOL, [])],
                          [helper.make_tensor_value_info("Z", TensorProto.FLOAT, ["batch", 256]),
                           helper.make_tensor_value_info("O", TensorProto.FLOAT, None)],
                          [w, b, shape, mx],
                          value_info=[helper.make_tensor_value_info("Y", TensorProto.FLOAT, ["batch", 4, 8, 8])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)], producer_name="make_fixtures")
    m.ir_version = 7
    return m


def vi(name, dims, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, dims)


def small(nodes, inputs, outputs, inits=(), opset=13, name="g"):
    m = helper.make_model(helper.make_graph(nodes, name, inputs, outputs, list(inits)),
                          opset_imports=[helper.make_opsetid("", opset)] if opset else [], producer_name="fx")
    m.ir_version = 7
    if not opset:
        del m.opset_import[:]
    return m


def import_models():
    """the models of tests/unit/onnx_import.c (gir_onnx_import's contract): name -> ModelProto or bytes"""
    ms = {}
    w = helper.make_tensor("W", TensorProto.FLOAT, [3, 4], [0.5 * k - 2.0 for k in range(12)])
    b = helper.make_tensor("B", TensorProto.FLOAT, [4], [1.0, -1.0, 0.5, 2.0])
    sh = helper.make_tensor("S", TensorProto.INT64, [2], [4, 2])
    ms["mlp"] = small([helper.make_node("MatMul", ["X", "W"], ["H"], name="mm"),
                       helper.make_node("Add", ["H", "B"], ["A"], name="add"),
                       helper.make_node("Relu", ["A"], ["R"], name="relu"),
                       helper.make_node("Reshape", ["R", "S"], ["Y"], name="reshape")],
                      [vi("X", [2, 3])], [vi("Y", [4, 2])], [w, b, sh])
    ms["sym"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", ["N", 3])], [vi("Y", ["N", 3])])
    ms["known"] = small([helper.make_node("Reshape", ["X", "shp"], ["Y"], name="rs")],
                        [vi("X", [2, 3]), vi("shp", [2], TensorProto.INT64)], [vi("Y", [3, 2])])
    ms["badop"] = small([helper.make_node("Relu", ["X"], ["A"], name="first"),
                         helper.make_node("NoSuchOp", ["A"], ["Y"], name="weird")], [vi("X", [2])], [vi("Y", [2])])
    ms["badattr"] = small([helper.make_node("Relu", ["X"], ["Y"], name="r", alpha=0.5)], [vi("X", [2])],
                          [vi("Y", [2])])
    ms["undef"] = small([helper.make_node("Relu", ["Z"], ["Y"], name="r")], [vi("X", [2])], [vi("Y", [2])])
    ms["cycle"] = small([helper.make_node("Relu", ["Q"], ["P"], name="p"), helper.make_node("Relu", ["P"], ["Q"],
                                                                                       name="q")],
                        [vi("X", [2])], [vi("Q", [2])])
    ms["noout"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", [2])], [vi("Y", [2]), vi("Lost", [2])])
    ms["noopset"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", [2])], [vi("Y", [2])], opset=0)
    ms["seq"] = small([helper.make_node("Identity", ["X"], ["Y"])],
                      [helper.make_tensor_sequence_value_info("X", TensorProto.FLOAT, [2])], [vi("Y", [2])])
    relu = [helper.make_node("Add", ["X", "C"], ["Y"])]
    for k, (dims, note) in enumerate([([2 ** 31], "dim 2^31"), ([-2], "negative dim"), ([1 << 28], "short data")]):
        c = helper.make_tensor("C", TensorProto.FLOAT, [1], [1.0])
        del c.dims[:]
        c.dims.extend(dims)
        ms["init%d" % k] = small(relu, [vi("X", [1])], [vi("Y", [1])], [c])
    big = helper.make_tensor("C", TensorProto.FLOAT, [1], [1.0])
    del big.dims[:], big.float_data[:]
    big.dims.append(1 << 30)
    big.raw_data = b"\x01\x02\x03\x04"                      # 4 GB of values claimed, 4 bytes held
    ms["init3"] = small(relu, [vi("X", [1])], [vi("Y", [1])], [big])
    data = ms["init3"].SerializeToString()                   # raw_data's own length says 4 GB
    assert data.count(b"\x4a\x04\x01\x02\x03\x04") == 1
    ms["init4"] = data.replace(b"\x4a\x04\x01", b"\x4a" + pb_var(1 << 32) + b"\x01")
    ms["input0"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", [2 ** 31, 2])], [vi("Y", [2])])
    ms["input1"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", [2, -5])], [vi("Y", [2])])
    ms["input2"] = small([helper.make_node("Relu", ["X"], ["Y"])], [vi("X", [65536, 65536, 65536])], [vi("Y", [2])])
    ms["deep"] = deep_model(200)
    eq = onnx.AttributeProto(name="equation", type=onnx.AttributeProto.STRING)   # a STRING holding a graph, no s
    eq.g.CopyFrom(helper.make_graph([], "e", [], []))
    ein = helper.make_node("Einsum", ["x", "y"], ["z"])
    ein.attribute.append(eq)
    ms["einsum_nos"] = small([ein], [vi("x", [2, 2]), vi("y", [2, 2])], [vi("z", [2, 2])], opset=12)
    ms["win3d"] = win3d_model()
    for name, steps, end in [("slice_at", None, "one"), ("slice_at_step", "two", "one"), ("slice_at_free", None, "J")]:
        ms[name] = slice_at_model(steps, end)
    return ms


def slice_at_model(steps, end):
    """Slice of X [5, 2] along axis 0 from a start known only when the model runs (graph input I, an int64 scalar,
    as a Loop body's iteration number) to I + end (the Constant one, or graph input J); with steps: the Constant
    two as the step"""
    consts = [helper.make_node("Constant", [], [n], value=helper.make_tensor(n, TensorProto.INT64, dims, vals))
              for n, dims, vals in [("one", [], [1]), ("two", [1], [2]), ("ax0", [1], [0])]]
    nodes = consts + [helper.make_node("Add", ["I", end], ["E"]),
                      helper.make_node("Unsqueeze", ["I", "ax0"], ["S"]),
                      helper.make_node("Unsqueeze", ["E", "ax0"], ["T"]),
                      helper.make_node("Slice", ["X", "S", "T", "ax0"] + ([steps] if steps else []), ["Y"],
                                       name="at")]
    inputs = [vi("X", [5, 2]), vi("I", [], TensorProto.INT64)] + ([vi("J", [], TensorProto.INT64)] if end == "J"
                                                                  else [])
    return small(nodes, inputs, [vi("Y", [1, 2])])


def win3d_model():
    """3-D windows: X [1, 2, 5, 6, 5] -> Conv (W [3, 2, 2, 3, 2], B; asymmetric pads, a stride, a dilation) -> C ->
    AveragePool (2x2x2, pads, count_include_pad 0) -> A -> ConvTranspose (T [3, 2, 3, 2, 2]; strides, pads) -> Y;
    and X -> MaxPool (2x2x2, stride 2, with its Indices) -> M, I. W, B and T hold 0.05 * k - 1 (k counting
    from 0 across the three)."""
    vals = [0.05 * k - 1.0 for k in range(72 + 3 + 72)]
    w = helper.make_tensor("W", TensorProto.FLOAT, [3, 2, 2, 3, 2], vals[:72])
    b = helper.make_tensor("B", TensorProto.FLOAT, [3], vals[72:75])
    t = helper.make_tensor("T", TensorProto.FLOAT, [3, 2, 3, 2, 2], vals[75:])
    nodes = [helper.make_node("Conv", ["X", "W", "B"], ["C"], name="conv", pads=[1, 0, 1, 0, 1, 1],
                              strides=[1, 2, 1], dilations=[2, 1, 1]),
             helper.make_node("AveragePool", ["C"], ["A"], name="avg", kernel_shape=[2, 2, 2],
                              pads=[1, 1, 0, 0, 1, 1]),
             helper.make_node("ConvTranspose", ["A", "T"], ["Y"], name="convt", strides=[2, 1, 2],
                              pads=[0, 1, 0, 1, 0, 1]),
             helper.make_node("MaxPool", ["X"], ["M", "I"], name="max", kernel_shape=[2, 2, 2], strides=[2, 2, 2])]
    outs = [vi("Y", [1, 2, 8, 4, 11]), vi("M", [1, 2, 2, 3, 2]), vi("I", [1, 2, 2, 3, 2], TensorProto.INT64)]
    return small(nodes, [vi("X", [1, 2, 5, 6, 5])], outs, [w, b, t])


def pb_key(num, wt):
    return pb_var(num << 3 | wt)


def pb_var(v):
    out = bytearray()
    while True:
        out.append((v & 0x7F) | (0x80 if v > 0x7F else 0))
        v >>= 7
        if not v:
            return bytes(out)


def pb_len(num, data):
    return pb_key(num, 2) + pb_var(len(data)) + data


def deep_model(depth):
    """If nodes nested depth deep through then_branch graphs, written by hand (onnx's parser limits recursion)"""
    graph = b""
    for _ in range(depth):
        attr = pb_len(1, b"then_branch") + pb_key(20, 0) + pb_var(5) + pb_len(6, graph)
        node = pb_len(1, b"c") + pb_len(2, b"o") + pb_len(4, b"If") + pb_len(5, attr)
        graph = pb_len(1, node)
    opset = pb_key(2, 0) + pb_var(13)
    return pb_key(1, 0) + pb_var(7) + pb_len(7, graph) + pb_len(8, opset)


def field_ends(data):
    """the offsets where the top-level fields of a message end"""
    def varint(k):
        v = s = 0
        while True:
            v |= (data[k] & 0x7F) << s
            s += 7
            k += 1
            if not data[k - 1] & 0x80:
                return v, k
    ends, k = [], 0
    while k < len(data):
        key, k = varint(k)
        wt = key & 7
        if wt == 0:
            _, k = varint(k)
        elif wt == 2:
            n, k = varint(k)
            k += n
        else:
            k += 8 if wt == 1 else 4
        ends.append(k)
    return ends


def c_bytes(name, data):
    out = ["static const unsigned char %s[%d] = {" % (name, len(data))]
    for k in range(0, len(data), 16):
        out.append("    " + ", ".join("0x%02x" % c for c in data[k:k + 16]) + ",")
    out.append("};")
    return out


def main():
    m = model()
    data = m.SerializeToString()
    lines = ["/* fixtures.h - written by tests/onnx/make_fixtures.py (onnx %s): do not edit. The model is described "
             "there. */" % onnx.__version__, "#ifndef GIR_TEST_ONNX_FIXTURES_H", "#define GIR_TEST_ONNX_FIXTURES_H"]
    lines += c_bytes("oxf_small_model", data)
    ends = field_ends(data)
    lines.append("static const unsigned oxf_small_model_ends[%d] = {%s};" % (len(ends), ", ".join(map(str, ends))))
    for name, mi in import_models().items():
        lines += c_bytes("oxf_%s" % name, mi if isinstance(mi, bytes) else mi.SerializeToString())
    lines.append("#endif")
    with open(os.path.join(HERE, "fixtures.h"), "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
