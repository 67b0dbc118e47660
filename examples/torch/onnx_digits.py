# onnx_digits.py - trains the CNN that examples/onnx_digits.c imports, and exports it as ONNX: conv 3x3 - ReLU -
# 2x2 max pool, twice, then a dense layer, on the UCI digits (same split as the C examples), briefly: SGD with
# momentum, 2 epochs, so that the fine-tuning in gir.h has something to add. Writes examples/data/digits_cnn.onnx
# (opset 17, a dynamic batch axis, eval mode) and beside it digits_cnn.txt, PyTorch's count of correct test images
# and the logits of the last test image, which onnx_digits.c checks it reproduces, and the first 4 test images and
# their logits as TensorProtos (digits_cnn_input_0.pb, digits_cnn_output_0.pb) for tools/gir-onnx.c's run.
# Run: /usr/bin/python3 examples/torch/onnx_digits.py [csv] [out.onnx]  (or make onnx-digits-model)
import sys
import torch
from onnx import numpy_helper
from digits_data import load_digits

C1, C2, BATCH, EPOCHS, LR, MOMENTUM = 16, 32, 32, 2, 0.05, 0.9
torch.manual_seed(1)
torch.set_num_threads(1)
(x_train, y_train), (x_test, y_test) = load_digits(sys.argv[1] if len(sys.argv) > 1 else "examples/data/digits.csv")
out = sys.argv[2] if len(sys.argv) > 2 else "examples/data/digits_cnn.onnx"
x_train, x_test = x_train.view(-1, 1, 8, 8), x_test.view(-1, 1, 8, 8)
model = torch.nn.Sequential(
    torch.nn.Conv2d(1, C1, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
    torch.nn.Conv2d(C1, C2, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
    torch.nn.Flatten(), torch.nn.Linear(C2 * 4, 10))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
nb = len(x_train) // BATCH  # the partial last batch is dropped
for epoch in range(1, EPOCHS + 1):
    order = torch.randperm(len(x_train))
    for b in range(nb):
        idx = order[b * BATCH:(b + 1) * BATCH]
        loss = torch.nn.functional.cross_entropy(model(x_train[idx]), y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
model.eval()
with torch.no_grad():
    logits = model(x_test)
correct = (logits.argmax(1) == y_test).sum().item()
print("PyTorch: test accuracy %.2f%% (%d of %d) after %d epochs" % (100.0 * correct / len(x_test), correct,
                                                                    len(x_test), EPOCHS))
torch.onnx.export(model, x_test[:1], out, input_names=["images"], output_names=["logits"], opset_version=17,
                  dynamic_axes={"images": {0: "batch"}, "logits": {0: "batch"}})
with open(out[:-len(".onnx")] + ".txt", "w") as f:
    f.write("correct %d of %d\n" % (correct, len(x_test)))
    f.write("logits_last %s\n" % " ".join("%.9g" % v for v in logits[-1].tolist()))
for name, a in (("input_0", x_test[:4]), ("output_0", logits[:4])):  # a test set for gir-onnx run
    with open(out[:-len(".onnx")] + "_%s.pb" % name, "wb") as f:
        f.write(numpy_helper.from_array(a.numpy(), "images" if name == "input_0" else "logits").SerializeToString())
print("wrote %s, and beside it the .txt and the first 4 test images and their logits as .pb" % out)
