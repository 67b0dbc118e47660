"""digits_data.py - the UCI handwritten digits as the gir.h examples see them (examples/digits_data.h): the same
shuffle (a 64-bit LCG with Knuth's MMIX constants, seed 1) and the last 20% as the test set, so the PyTorch
twins train and test on exactly the same split as the C examples."""
import numpy as np
import torch


def permute(idx, state):
    for i in range(len(idx) - 1, 0, -1):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        j = (state >> 32) % (i + 1)
        idx[i], idx[j] = idx[j], idx[i]
    return state


def load_digits(path="examples/data/digits.csv"):
    """(x_train, y_train), (x_test, y_test): pixels scaled to [0, 1] as float32 [n, 64], labels int64 [n]."""
    data = np.loadtxt(path, delimiter=",", dtype=np.int64, ndmin=2)
    n = len(data)
    n_train = n - (n + 4) // 5
    perm = list(range(n))
    permute(perm, 1)
    x = torch.tensor(data[perm, :64], dtype=torch.float32) / 16.0
    y = torch.tensor(data[perm, 64])
    return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])
