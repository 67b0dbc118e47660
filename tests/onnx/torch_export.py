#!/usr/bin/env python3
"""torch_export.py - writes tests/onnx/torch/: small seeded PyTorch models exported to ONNX, with inputs and
PyTorch's outputs, as cases of the ONNX backend's layout (<case>/model.onnx, <case>/test_data_set_<n>/input_<k>.pb
and output_<k>.pb) for tests/onnx/onnx_test.c (make onnx-torch-test).

    python3 tests/onnx/torch_export.py [<out dir>]      (make onnx-torch-data; needs torch 1.13, onnx, numpy)

Every model is exported at opsets 11, 13 and 17 (case <model>_op<opset>) with its batch axis dynamic ('batch'),
and each case has two test sets, a batch of 2 and a batch of 3, so the batch is a symbolic dimension that the
runner sets from each set's input shape. The models:

    mlp        20-32-32-5, ReLU then Tanh
    cnn_eval   Conv2d(3,4,3,pad 1) + BatchNorm2d + ReLU + MaxPool2d(2) + Flatten + Linear(64,5) on [N,3,8,8],
               exported in eval mode (BatchNormalization with running statistics, set to seeded values)
    cnn_train  the same network exported in training mode without constant folding: BatchNormalization
               normalises with the batch's statistics
    ln_gelu    a transformer-style MLP block on [N,4,16]: x + Linear(GELU(Linear(LayerNorm(x)))), 16-32-16;
               GELU exports as an Erf composition, LayerNorm as its reductions before opset 17
    lstm       LSTM(8,12, two layers, batch_first) on [N,5,8], Linear(12,5) on the last step
    gru        GRU(8,10, one layer, bidirectional, sequence first) on [5,N,8], Linear(20,4) on every step;
               outputs the head's [5,N,4] and the final hidden state [2,N,10]

Everything is seeded: running the script again writes the same bytes. Each model is checked by
onnx.checker.check_model(full_check=True) before it is written."""
import io
import os
import shutil
import sys

import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
OPSETS = (11, 13, 17)
BATCHES = (2, 3)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 32), nn.Tanh(), nn.Linear(32, 5))

    def forward(self, x):
        return self.net(x)


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(64, 5)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)
            self.bn.running_mean.uniform_(-0.3, 0.3)
            self.bn.running_var.uniform_(0.5, 2.0)

    def forward(self, x):
        return self.fc(torch.flatten(self.pool(torch.relu(self.bn(self.conv(x)))), 1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(16)
        self.up = nn.Linear(16, 32)
        self.act = nn.GELU()
        self.down = nn.Linear(32, 16)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        return x + self.down(self.act(self.up(self.norm(x))))


class LSTMHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(8, 12, num_layers=2, batch_first=True)
        self.head = nn.Linear(12, 5)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.head(y[:, -1])


class GRUHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 10, num_layers=1, bidirectional=True)
        self.head = nn.Linear(20, 4)

    def forward(self, x):
        y, h = self.rnn(x)
        return self.head(y), h


# name: (class, input shape with None for the batch, batch axis, output names with their batch axes, train)
MODELS = {
    "mlp": (MLP, (None, 20), 0, {"y": 0}, False),
    "cnn_eval": (CNN, (None, 3, 8, 8), 0, {"y": 0}, False),
    "cnn_train": (CNN, (None, 3, 8, 8), 0, {"y": 0}, True),
    "ln_gelu": (Block, (None, 4, 16), 0, {"y": 0}, False),
    "lstm": (LSTMHead, (None, 5, 8), 0, {"y": 0}, False),
    "gru": (GRUHead, (5, None, 8), 1, {"y": 1, "h": 1}, False),
}


def save_pb(path, array, name):
    with open(path, "wb") as f:
        f.write(numpy_helper.from_array(np.ascontiguousarray(array), name).SerializeToString())


def export(name, opset, out_dir):
    cls, shape, axis, outs, train = MODELS[name]
    torch.manual_seed(1234)
    model = cls()
    model.train(train)
    mode = torch.onnx.TrainingMode.TRAINING if train else torch.onnx.TrainingMode.EVAL
    gen = torch.Generator().manual_seed(99)
    sets = [torch.randn([b if d is None else d for d in shape], generator=gen) for b in BATCHES]
    buf = io.BytesIO()
    torch.onnx.export(model, (sets[0],), buf, opset_version=opset, input_names=["x"], output_names=list(outs),
                      dynamic_axes=dict({"x": {axis: "batch"}}, **{o: {a: "batch"} for o, a in outs.items()}),
                      training=mode, do_constant_folding=not train)
    proto = onnx.load_from_string(buf.getvalue())
    onnx.checker.check_model(proto, full_check=True)
    case = os.path.join(out_dir, "%s_op%d" % (name, opset))
    os.makedirs(case)
    with open(os.path.join(case, "model.onnx"), "wb") as f:
        f.write(buf.getvalue())
    for k, x in enumerate(sets):
        with torch.no_grad():
            ys = model(x)
        ys = ys if isinstance(ys, tuple) else (ys,)
        d = os.path.join(case, "test_data_set_%d" % k)
        os.makedirs(d)
        save_pb(os.path.join(d, "input_0.pb"), x.numpy(), "x")
        for j, (y, o) in enumerate(zip(ys, outs)):
            save_pb(os.path.join(d, "output_%d.pb" % j), y.numpy(), o)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "torch")
    torch.set_num_threads(1)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    for name in MODELS:
        for opset in OPSETS:
            export(name, opset, out_dir)
    print("wrote %d cases to %s" % (len(MODELS) * len(OPSETS), out_dir))


if __name__ == "__main__":
    main()
