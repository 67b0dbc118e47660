# mlp_digits.py - the PyTorch twin of examples/mlp_digits.c: a 64-128-10 ReLU network on the UCI digits, same split,
# same model, SGD with momentum on minibatches of 32, 30 epochs.  Run: python3 examples/torch/mlp_digits.py [csv]
import sys
import torch
from digits_data import load_digits

HIDDEN, BATCH, EPOCHS, LR, MOMENTUM = 128, 32, 30, 0.05, 0.9
torch.manual_seed(1)
(x_train, y_train), (x_test, y_test) = load_digits(sys.argv[1] if len(sys.argv) > 1 else "examples/data/digits.csv")
model = torch.nn.Sequential(torch.nn.Linear(64, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, 10))
opt = torch.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
nb = len(x_train) // BATCH  # the partial last batch is dropped
print("%d samples: %d train, %d test; 64-%d-10 ReLU MLP, batch %d, SGD lr %g momentum %g"
      % (len(x_train) + len(x_test), len(x_train), len(x_test), HIDDEN, BATCH, LR, MOMENTUM))
print("%5s %10s %10s %10s" % ("epoch", "loss", "train acc", "test acc"))
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
    with torch.no_grad():
        acc = 100.0 * (model(x_test).argmax(1) == y_test).sum().item() / len(x_test)
    print("%5d %10.5f %9.2f%% %9.2f%%" % (epoch, sum_loss / nb, 100.0 * hits / (nb * BATCH), acc))
print("final test accuracy: %.2f%% (%d samples)" % (acc, len(x_test)))
if acc < 95.0:
    sys.exit("error: test accuracy below 95%")
