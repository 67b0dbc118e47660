# mlp_digits.py - the PyTorch twin of examples/mlp_digits.c: a 64-128-10 ReLU network on the UCI digits, same split,
# same model, SGD with momentum on minibatches of 32, 30 epochs; then the parameters are saved, loaded into a model
# built afresh, and both are tested.  Run: python3 examples/torch/mlp_digits.py [csv]
import io
import sys
import torch
from digits_data import load_digits

HIDDEN, BATCH, EPOCHS, LR, MOMENTUM = 128, 32, 30, 0.05, 0.9
torch.manual_seed(1)
(x_train, y_train), (x_test, y_test) = load_digits(sys.argv[1] if len(sys.argv) > 1 else "examples/data/digits.csv")


def make_model():
    return torch.nn.Sequential(torch.nn.Linear(64, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, 10))


def test_accuracy(model):
    with torch.no_grad():
        return 100.0 * (model(x_test).argmax(1) == y_test).sum().item() / len(x_test)


model = make_model()
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
nb = len(x_train) // BATCH  # the partial last batch is dropped
print("%d samples: %d train, %d test; 64-%d-10 ReLU MLP, batch %d, SGD lr %g momentum %g"
      % (len(x_train) + len(x_test), len(x_train), len(x_test), HIDDEN, BATCH, LR, MOMENTUM))
print("%5s %10s %10s" % ("epoch", "loss", "train acc"))
for epoch in range(1, EPOCHS + 1):
    order, sum_loss, hits = torch.randperm(len(x_train)), 0.0, 0
    for b in range(nb):
        idx = order[b * BATCH:(b + 1) * BATCH]
        logits = model(x_train[idx])
        loss = torch.nn.functional.cross_entropy(logits, y_train[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        sum_loss += loss.item()
        hits += (logits.argmax(1) == y_train[idx]).sum().item()
    print("%5d %10.5f %9.2f%%" % (epoch, sum_loss / nb, 100.0 * hits / (nb * BATCH)))
file = io.BytesIO()
torch.save(model.state_dict(), file)
fresh = make_model()
fresh.load_state_dict(torch.load(io.BytesIO(file.getvalue())))
acc, reloaded = test_accuracy(model), test_accuracy(fresh)
print("test accuracy: %.2f%% (%d samples); saved (%d bytes) and reloaded: %.2f%%"
      % (acc, len(x_test), len(file.getvalue()), reloaded))
if acc < 95.0 or reloaded != acc:
    sys.exit("error: test accuracy below 95% or changed by reloading")
