# logreg.py - the PyTorch twin of examples/logreg.c: logistic regression with Adam on two clusters of points
# drawn from the same small generator as the C example. Run: python3 examples/torch/logreg.py
import sys
import torch

N, STEPS, LR = 200, 300, 0.05
torch.manual_seed(1)
state = 12345


def uniform():  # [-1, 1): the C example's linear congruential generator
    global state
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return (state >> 8) / 8388608.0 - 1.0


y = torch.tensor([[float(i % 2)] for i in range(N)])
x = torch.tensor([[uniform() + 3 * (i % 2) - 1.5, uniform() + 3 * (i % 2) - 1.5] for i in range(N)])
model = torch.nn.Linear(2, 1)
opt = torch.optim.Adam(model.parameters(), lr=LR)
for step in range(1, STEPS + 1):
    logits = model(x)
    loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y)
    correct = ((logits > 0) == (y > 0.5)).sum().item()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 50 == 0:
        print("step %3d  loss %.5f  %3d of %d right" % (step, loss.item(), correct, N))
w, b = model.weight.detach()[0], model.bias.detach()
print("w = (%.4f, %.4f), b = %.4f" % (w[0], w[1], b[0]))
sys.exit(0 if loss.item() < 0.1 and correct == N else 1)
