#!/usr/bin/env python3
"""make_fixtures.py - writes tests/onnx/fixtures.h: a small ONNX model made by onnx.helper, as C bytes, for the unit
suite tests/unit/onnx_read.c (which must not need ONNX installed).

    python3 tests/onnx/make_fixtures.py      (needs the onnx and numpy packages)

The model: X float [batch, 3, 8, 8] -> Conv (W [4,3,3,3] in raw_data, B [4] in float_data; pads, strides,
kernel_shape, auto_pad) -> Y (value_info) -> LeakyRelu (alpha 0.1) -> R -> Clip (min omitted: input "") -> C ->
Reshape (shape int64 [2] = [0, -1], in int64_data) -> Z float [batch, 256]; and If (cond bool [] input, two
one-node subgraphs) -> O. Opset 13, IR version 7. The values of W are 0.01 * k - 0.5 for k = 0 .. 107, of B
1, 2, 3, 4; the Clip max is the initializer M = 6. The header also lists the byte offsets where the model's
top-level fields end (a truncation exactly there is a shorter valid message)."""
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
             "there. */" % onnx.__version__]
    lines += c_bytes("oxf_small_model", data)
    ends = field_ends(data)
    lines.append("static const unsigned oxf_small_model_ends[%d] = {%s};" % (len(ends), ", ".join(map(str, ends))))
    with open(os.path.join(HERE, "fixtures.h"), "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
