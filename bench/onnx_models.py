#!/usr/bin/python3
"""onnx_models.py - the models of `make bench`'s ort_* lines, exported from PyTorch (opset 17, seed 1) into DIR:

    onnx_models.py DIR

    mlp.onnx       784-256-256-10, ReLU (the model of mlp_train_b64, without the loss); batch dimension 'batch'
    cnn.onnx       conv3x3(8)-ReLU-maxpool2, conv3x3(16)-ReLU-maxpool2, dense(10) on 1x8x8 (cnn_train_b32's model)
    identity.onnx  Identity of a [batch, 784] input: what a run call costs when the model does nothing

and for each line a model runs, <line>.in (its input) and <line>.out (PyTorch's output), raw little-endian f32,
so that bench/gir_bench.c and bench/ort_bench.js run the same data and check their results against PyTorch's.
manifest.txt lists the lines, one a line: <line> <model file> <batch>. Prints nothing when all went well; a
missing module exits 1 with the reason on stderr (run.py prints it in its skip lines).
Run with Debian's /usr/bin/python3 (python3-torch).
"""
import os
import sys

LINES = [("ort_mlp_b1", "mlp", 1), ("ort_mlp_b64", "mlp", 64), ("ort_cnn_b32", "cnn", 32),
         ("ort_call_overhead", "identity", 1)]


def models(torch):
    nn = torch.nn
    torch.manual_seed(1)
    mlp = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
    cnn = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Flatten(), nn.Linear(64, 10))
    return {"mlp": (mlp, (784,)), "cnn": (cnn, (1, 8, 8)), "identity": (nn.Identity(), (784,))}


def export(torch, model, sample, path):
    model.eval()
    torch.onnx.export(model, sample, path, opset_version=17, input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}}, do_constant_folding=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    try:
        import torch
    except ImportError:
        sys.exit("no PyTorch under %s (apt-get install python3-torch)" % sys.executable)
    os.makedirs(out, exist_ok=True)
    ms = models(torch)
    torch.manual_seed(2)
    with torch.no_grad():
        for kind, (model, dims) in ms.items():
            export(torch, model, torch.rand((1,) + dims) - 0.5, os.path.join(out, kind + ".onnx"))
        for line, kind, batch in LINES:
            model, dims = ms[kind]
            x = torch.rand((batch,) + dims) - 0.5
            x.numpy().astype("<f4").tofile(os.path.join(out, line + ".in"))
            model(x).numpy().astype("<f4").tofile(os.path.join(out, line + ".out"))
    with open(os.path.join(out, "manifest.txt"), "w") as f:
        for line, kind, batch in LINES:
            f.write("%s %s.onnx %d\n" % (line, kind, batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
