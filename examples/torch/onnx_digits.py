# onnx_digits.py - the PyTorch twin of examples/onnx_digits.c, and the maker of the model it imports: a CNN (conv 3x3
# - ReLU - 2x2 max pool, twice, then a dense layer) trained briefly on the UCI digits (same split as the C examples;
# SGD with momentum, 2 epochs), exported as ONNX (opset 17, a dynamic batch axis, eval mode), then fine-tuned as
# onnx_digits.c fine-tunes it: SGD lr 0.02 momentum 0.9, 4 epochs, on the same batches in the same order (the
# generator of digits_data.h, continued after the split). Writes examples/data/digits_cnn.onnx and beside it
# digits_cnn.txt (the exported model's count of correct test images and its logits of the last one, and the count
# after fine-tuning), and the first 4 test images and their logits as TensorProtos (digits_cnn_input_0.pb,
# digits_cnn_output_0.pb) for tools/gir-onnx.c's run.
# Run: /usr/bin/python3 examples/torch/onnx_digits.py [csv] [out.onnx]  (or make onnx-digits-model)
import sys
import torch
from onnx import numpy_helper
from digits_data import load_digits, permute

C1, C2, BATCH, EPOCHS, LR, MOMENTUM = 16, 32, 32, 2, 0.05, 0.9
TUNE_EPOCHS, TUNE_LR = 4, 0.02
torch.manual_seed(1)
torch.set_num_threads(1)
(x_train, y_train), (x_test, y_test) = load_digits(sys.argv[1] if len(sys.argv) > 1 else "examples/data/digits.csv")
out = sys.argv[2] if len(sys.argv) > 2 else "examples/data/digits_cnn.onnx"
x_train, x_test = x_train.view(-1, 1, 8, 8), x_test.view(-1, 1, 8, 8)
model = torch.nn.Sequential(
    torch.nn.Conv2d(1, C1, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
    torch.nn.Conv2d(C1, C2, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
    torch.nn.Flatten(), torch.nn.Linear(C2 * 4, 10))
nb = len(x_train) // BATCH  # the partial last batch is dropped


def train(epochs, lr, orders):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=MOMENTUM)
    for epoch in range(1, epochs + 1):
        order = orders()
        for b in range(nb):
            idx = order[b * BATCH:(b + 1) * BATCH]
            loss = torch.nn.functional.cross_entropy(model(x_train[idx]), y_train[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        logits = model(x_test)
    return logits, (logits.argmax(1) == y_test).sum().item()


logits, correct = train(EPOCHS, LR, lambda: torch.randperm(len(x_train)))
print("PyTorch: test accuracy %.2f%% (%d of %d) after %d epochs" % (100.0 * correct / len(x_test), correct,
                                                                    len(x_test), EPOCHS))
model.eval()
torch.onnx.export(model, x_test[:1], out, input_names=["images"], output_names=["logits"], opset_version=17,
                  dynamic_axes={"images": {0: "batch"}, "logits": {0: "batch"}})
for name, a in (("input_0", x_test[:4]), ("output_0", logits[:4])):  # a test set for gir-onnx run
    with open(out[:-len(".onnx")] + "_%s.pb" % name, "wb") as f:
        f.write(numpy_helper.from_array(a.numpy(), "images" if name == "input_0" else "logits").SerializeToString())
# the fine-tuning of onnx_digits.c: its batches come from digits_data.h's generator, which made the split first
state, order = permute(list(range(len(x_train) + len(x_test))), 1), list(range(len(x_train)))


def next_order():
    global state
    state = permute(order, state)
    return order


_, tuned = train(TUNE_EPOCHS, TUNE_LR, next_order)
print("PyTorch: test accuracy %.2f%% (%d of %d) after fine-tuning for %d epochs as onnx_digits.c does"
      % (100.0 * tuned / len(x_test), tuned, len(x_test), TUNE_EPOCHS))
with open(out[:-len(".onnx")] + ".txt", "w") as f:
    f.write("correct %d of %d\n" % (correct, len(x_test)))
    f.write("tuned %d\n" % tuned)
    f.write("logits_last %s\n" % " ".join("%.9g" % v for v in logits[-1].tolist()))
print("wrote %s, and beside it the .txt and the first 4 test images and their logits as .pb" % out)
