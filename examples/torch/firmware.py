# firmware.py - the PyTorch twin of examples/firmware/firmware.c: a 64-32-10 ReLU MLP on the first 800 UCI digits
# (600 train, 200 test, in file order), plain SGD on batches of 20 for 12 epochs, then the test accuracy.
# Run: python3 examples/torch/firmware.py [csv]
import sys
import torch

PIX, HIDDEN, CLASSES, NTRAIN, NTEST, BATCH, EPOCHS, LR = 64, 32, 10, 600, 200, 20, 12, 0.2
torch.manual_seed(1)
rows = [[int(t) for t in line.split(",")] for line in open(sys.argv[1] if len(sys.argv) > 1 else "examples/data/digits.csv")]
data = torch.tensor(rows[:NTRAIN + NTEST])
x, y = data[:, :PIX].float() / 16.0, data[:, PIX].long()
model = torch.nn.Sequential(torch.nn.Linear(PIX, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, CLASSES))
opt = torch.optim.SGD(model.parameters(), lr=LR)
print("%d train, %d test samples; %d-%d-%d ReLU MLP, batch %d, SGD lr %g" % (NTRAIN, NTEST, PIX, HIDDEN, CLASSES, BATCH, LR))
for epoch in range(1, EPOCHS + 1):
    total = 0.0
    for b in range(NTRAIN // BATCH):
        loss = torch.nn.functional.cross_entropy(model(x[b * BATCH:(b + 1) * BATCH]), y[b * BATCH:(b + 1) * BATCH])
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() / (NTRAIN // BATCH)
    if epoch == 1:
        first = total
    print("epoch %2d loss %.4f" % (epoch, total))
with torch.no_grad():
    hits = (model(x[NTRAIN:]).argmax(1) == y[NTRAIN:]).sum().item()
print("test accuracy: %.1f%% (%d samples)" % (100.0 * hits / NTEST, NTEST))
if total >= first or hits < NTEST * 8 // 10:
    sys.exit("error: the loss did not fall or accuracy < 80%")
