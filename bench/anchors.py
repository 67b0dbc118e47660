#!/usr/bin/python3
"""anchors.py - the NumPy and PyTorch anchors of `make bench`, one line per workload:
    <anchor> <name> <value> <unit>
The same workloads as bench/gir_bench.c, written as a NumPy or PyTorch user would write them, 1 thread.
Run with Debian's /usr/bin/python3 (python3-numpy, python3-torch); a missing module skips its anchors.

    anchors.py [NAME ...]
"""
import os
import statistics
import sys
import time


def timeit(fn, min_time):
    fn()
    reps = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        if time.perf_counter() - t0 >= min_time / 7 or reps > 1 << 20:
            break
        reps *= 2
    samples = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        samples.append((time.perf_counter() - t0) / reps)
    return statistics.median(samples)


def numpy_anchors(np, want):
    rng = np.random.default_rng(1)
    if want("exp_1m") or want("tanh_1m"):
        x = (rng.random(1 << 20, dtype=np.float32) - 0.5) * 6      # [-3, 3), as gir_bench.c
        if want("exp_1m"):
            print("numpy exp_1m %.3f GB/s" % (8.0 * x.size / timeit(lambda: np.exp(x), 0.5) * 1e-9))
        if want("tanh_1m"):
            print("numpy tanh_1m %.3f GB/s" % (8.0 * x.size / timeit(lambda: np.tanh(x), 0.5) * 1e-9))
    if want("fused_tanh_16m"):
        x = (rng.random(1 << 24, dtype=np.float32) - 0.5) * 6
        a, b = np.float32(1.5), np.float32(0.25)
        t = timeit(lambda: np.tanh(a * x + b), 0.5)
        print("numpy fused_tanh_16m %.3f GB/s" % (8.0 * x.size / t * 1e-9))
    if want("softmax_16m"):
        x = rng.random((16384, 1024), dtype=np.float32) - 0.5

        def softmax():
            e = np.exp(x - x.max(axis=1, keepdims=True))
            e /= e.sum(axis=1, keepdims=True)
            return e
        print("numpy softmax_16m %.3f GB/s" % (8.0 * x.size / timeit(softmax, 0.5) * 1e-9))


def torch_anchors(torch, want):
    torch.set_num_threads(1)
    torch.manual_seed(1)
    nn = torch.nn

    def train_step_ms(model, x, y, reps, adam=False):
        opt = torch.optim.Adam(model.parameters(), lr=1e-3) if adam else torch.optim.SGD(model.parameters(), lr=0.01)
        lossf = nn.CrossEntropyLoss()

        def step():
            opt.zero_grad()
            loss = lossf(model(x), y)
            loss.backward()
            opt.step()
        for _ in range(3):
            step()
        samples = []
        for _ in range(9):
            t0 = time.perf_counter()
            for _ in range(reps):
                step()
            samples.append((time.perf_counter() - t0) / reps)
        return 1e3 * statistics.median(samples)

    for batch, name, reps in ((64, "mlp_train_b64", 20), (1, "mlp_train_b1", 200), (1, "mlp_train_b1_copy", 200),
                              (64, "mlp_adam_b64", 20)):
        if want(name):
            model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
            x = torch.rand(batch, 784) - 0.5
            y = torch.arange(batch) % 10
            print("torch %s %.4f ms" % (name, train_step_ms(model, x, y, reps, name == "mlp_adam_b64")))
    if want("cnn_train_b32"):
        model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Flatten(), nn.Linear(64, 10))
        x = torch.rand(32, 1, 8, 8) - 0.5
        y = torch.arange(32) % 10
        print("torch cnn_train_b32 %.4f ms" % train_step_ms(model, x, y, 50))
    if want("lstm_train_t64"):     # nn.LSTM(32, 128) over 64 steps, batch 16, a head on every step, Adam
        class LSTMModel(nn.Module):
            def __init__(self):
                super().__init__()
                self.lstm, self.head = nn.LSTM(32, 128), nn.Linear(128, 10)

            def forward(self, x):
                return self.head(self.lstm(x)[0].reshape(-1, 128))
        x = torch.rand(64, 16, 32) - 0.5
        y = torch.arange(64 * 16) % 10
        print("torch lstm_train_t64 %.4f ms" % train_step_ms(LSTMModel(), x, y, 5, True))
    if want("ad_overhead"):
        def chain():
            for _ in range(10):
                x0 = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
                x = x0
                for _ in range(1000):
                    x = x * 1.0001 + 0.0001
                x.backward()
        samples = []
        chain()
        for _ in range(9):
            t0 = time.perf_counter()
            chain()
            samples.append((time.perf_counter() - t0) / 10 / 1000)
        print("torch ad_overhead %.4f us/op" % (1e6 * statistics.median(samples)))


def main():
    names = sys.argv[1:]

    def want(n):
        return not names or n in names
    try:
        import numpy as np
    except ImportError:
        sys.stderr.write("anchors.py: numpy missing (apt-get install python3-numpy): its anchors are skipped\n")
    else:
        numpy_anchors(np, want)
    try:
        import torch
    except ImportError:
        sys.stderr.write("anchors.py: torch missing (apt-get install python3-torch): its anchors are skipped\n")
    else:
        torch_anchors(torch, want)
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
