# rnn_scan.py - the PyTorch twin of examples/rnn_scan.c: an LSTM (torch.nn.LSTM, 32 hidden units) and a linear
# head predict the next token of sequences that count modulo 8 by a stride of 1, 2 or 3; Adam; the sequences
# come from the C example's generator.
# Run: python3 examples/torch/rnn_scan.py
import sys
import torch

V, HIDDEN, T, BATCH, STEPS, LR = 8, 32, 16, 32, 400, 0.01
torch.manual_seed(1)
state = 12345


def draw(n):  # [0, n): the C example's linear congruential generator
    global state
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return (state >> 8) % n


def sequences():  # x [T, BATCH, V] one-hot tokens and the next tokens [T * BATCH], step-major
    tokens = torch.zeros(T + 1, BATCH, dtype=torch.long)
    for b in range(BATCH):
        start = draw(V)
        stride = 1 + draw(3)
        tokens[:, b] = (start + stride * torch.arange(T + 1)) % V
    return torch.nn.functional.one_hot(tokens[:T], V).float(), tokens[1:].reshape(-1)


lstm = torch.nn.LSTM(V, HIDDEN)
head = torch.nn.Linear(HIDDEN, V)
opt = torch.optim.Adam(list(lstm.parameters()) + list(head.parameters()), lr=LR)
for step in range(1, STEPS + 1):
    x, nxt = sequences()
    loss = torch.nn.functional.cross_entropy(head(lstm(x)[0].reshape(-1, HIDDEN)), nxt)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 100 == 0:
        print("step %3d  loss %.4f" % (step, loss.item()))
x, nxt = sequences()
with torch.no_grad():
    best = head(lstm(x)[0].reshape(-1, HIDDEN)).argmax(1)
accuracy = (best[2 * BATCH:] == nxt[2 * BATCH:]).float().mean().item()
print("test accuracy from the third prediction on: %.4f" % accuracy)
sys.exit(0 if accuracy >= 0.95 else 1)
