# rnn_sine.py - the PyTorch twin of examples/rnn_sine.c: an Elman RNN (torch.nn.RNN, 16 hidden units) and a
# linear head continue a sine wave from 12 samples; Adam; the phases come from the C example's generator.
# Run: python3 examples/torch/rnn_sine.py
import math
import sys
import torch

T, HIDDEN, BATCH, STEPS, LR = 12, 16, 64, 600, 0.01
torch.manual_seed(1)
state = 12345


def uniform():  # [-1, 1): the C example's linear congruential generator
    global state
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return (state >> 8) / 8388608.0 - 1.0


def waves():  # a batch of waves with random phases: x [BATCH, T, 1] and the next sample y [BATCH, 1]
    phases = [math.pi * uniform() for _ in range(BATCH)]
    seq = torch.tensor([[math.sin(0.3 * t + p) for t in range(T + 1)] for p in phases])
    return seq[:, :T, None], seq[:, T:]


rnn = torch.nn.RNN(1, HIDDEN, batch_first=True)
head = torch.nn.Linear(HIDDEN, 1)
opt = torch.optim.Adam(list(rnn.parameters()) + list(head.parameters()), lr=LR)
for step in range(1, STEPS + 1):
    x, y = waves()
    loss = torch.nn.functional.mse_loss(head(rnn(x)[1][0]), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 100 == 0:
        print("step %3d  loss %.6f" % (step, loss.item()))
x, y = waves()
with torch.no_grad():
    test_loss = torch.nn.functional.mse_loss(head(rnn(x)[1][0]), y).item()
print("test loss on new phases: %.6f" % test_loss)
sys.exit(0 if test_loss < 1e-3 else 1)
