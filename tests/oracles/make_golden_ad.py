#!/usr/bin/python3
"""make_golden_ad.py - the outside oracle for gir_vjp, gir_jvp, gir_jacobian and gir_hessian: writes
tests/oracles/golden_ad.txt from torch.autograd.functional (vjp, jvp, jacobian, hessian, hvp) in float64.

    /usr/bin/python3 tests/oracles/make_golden_ad.py          (make golden)

Each function below is written once here and once in tests/unit/fwdmode.c (ad_fn, same name); they mix
elementwise ops, matmul, reductions, broadcasting, softmax, slicing and concat, reshape and transpose, a small
conv2d, where, max and max_pool2d (inputs drawn without ties and away from where's switch). Without torch the script exits
with status 77.

File format (one item per line, whitespace separated; k is the input's index):
    fn <name>
    in <k> f64 <rank> <d...> : <v...>        the inputs
    out f64 ... : ...                        f(inputs)
    cot f64 ... : ...   vjp <k> f64 ...      a cotangent of the output, and vjp's result per input
    tan <k> f64 ...     jvp f64 ...          a tangent per input, and jvp's result (summed over inputs)
    jac <k> f64 ...                          jacobian with respect to input k: out.shape ++ in.shape
    hess f64 ...        hvp f64 ...          one-element outputs: hessian w.r.t. input 0, and hvp along tan 0
    end
"""
import sys

try:
    import numpy as np
    import torch
    from torch.autograd import functional as AF
except ImportError:
    sys.exit(77)

torch.set_default_dtype(torch.float64)


def f_mlp(x, w, b):            # matmul, broadcast add, tanh, softmax, slice, exp
    return torch.softmax(torch.tanh(x @ w + b), dim=-1) * torch.exp(x[:, 0:1])


def f_shapes(a):               # square, sin, concat, reshape, transpose, max and mean over an axis
    c = torch.cat([a * a, torch.sin(a)], dim=0)
    d = c.reshape(3, 4).t()
    return d.max(dim=1).values + d.mean(dim=1)


def f_conv(x, w):              # conv2d (padding 1), sigmoid, mean over the spatial axes
    return torch.sigmoid(torch.nn.functional.conv2d(x, w, padding=1)).mean(dim=(2, 3))


def f_scalar(x):               # logsumexp, where, var (ddof 1), log1p: one element
    return (torch.logsumexp(x, dim=0) + torch.where(x > 0, x * x, -0.5 * x * x * x).sum() + x.var()
            + torch.log1p(x * x).sum())


def f_scalar2(x, y):           # sigmoid, cos, mean, slices, matmul with a vector, division, pow
    s = (torch.sigmoid(x) * torch.cos(x)).sum() * x.mean() + (x[:, 1:] * x[:, :-1]).sum()
    return s + ((x @ y) ** 2).sum() / (1 + (y * y).sum())


def f_pool(x, w):              # conv2d, tanh, max_pool2d (3x2 windows, stride (2, 1) below the kernel, padding), sum of
    c = torch.nn.functional.conv2d(x.reshape(1, 2, 5, 6), w, padding=1)     # squares; x [2, 5, 6] keeps the
    y = torch.nn.functional.max_pool2d(torch.tanh(c), (3, 2), (2, 1), (1, 1))  # hessian within rank 6
    return (y * y).sum()


def f_pool_map(x):             # sin, max_pool2d (2x2 windows, stride 1: overlapping) times a slice of the input
    a = x.reshape(1, 2, 4, 5)
    return (torch.nn.functional.max_pool2d(torch.sin(a), 2, 1) * a[:, :, :-1, :-1]).reshape(2, 3, 4)


def f_lstm(x, w_ih, w_hh, b):   # torch.nn.LSTM with zero state (weights as x @ W, one bias): every step's h
    h = c = torch.zeros(x.shape[1], w_hh.shape[0])
    hs = []
    for t in range(x.shape[0]):
        i, f, g, o = (x[t] @ w_ih + b + h @ w_hh).chunk(4, dim=1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        hs.append(h)
    return torch.stack(hs)


def f_rnn(x, w_ih, w_hh, b):    # torch.nn.RNN (tanh) with zero state: every step's h
    h = torch.zeros(x.shape[1], w_hh.shape[0])
    hs = []
    for t in range(x.shape[0]):
        h = torch.tanh(x[t] @ w_ih + b + h @ w_hh)
        hs.append(h)
    return torch.stack(hs)


def same_as_torch_nn(name, f, ins):
    """f_lstm and f_rnn are torch.nn.LSTM and torch.nn.RNN (torch's weights are ours transposed; b_hh zero)."""
    x, w_ih, w_hh, b = ins
    m = (torch.nn.LSTM if name == "lstm" else torch.nn.RNN)(x.shape[2], w_hh.shape[0])
    with torch.no_grad():
        m.weight_ih_l0.copy_(w_ih.t())
        m.weight_hh_l0.copy_(w_hh.t())
        m.bias_ih_l0.copy_(b)
        m.bias_hh_l0.zero_()
        if not torch.allclose(m(x)[0], f(*ins), rtol=0, atol=1e-14):
            sys.exit("make_golden_ad.py: f_%s is not torch.nn's" % name)


FUNCS = [  # name, function, input shapes
    ("mlp", f_mlp, [(3, 4), (4, 5), (5,)]),
    ("shapes", f_shapes, [(2, 3)]),
    ("conv", f_conv, [(1, 2, 5, 5), (3, 2, 3, 3)]),
    ("scalar", f_scalar, [(5,)]),
    ("scalar2", f_scalar2, [(2, 3), (3,)]),
    ("pool", f_pool, [(2, 5, 6), (2, 2, 3, 3)]),
    ("pool_map", f_pool_map, [(2, 4, 5)]),
    ("lstm", f_lstm, [(4, 2, 3), (3, 8), (2, 8), (8,)]),    # gir_scan of an LSTM cell (tests/unit/fwdmode.c)
    ("rnn", f_rnn, [(5, 2, 3), (3, 3), (3, 3), (3,)]),
]


def fmt(t):
    t = t.detach().numpy()
    return "f64 %d %s: %s" % (t.ndim, "".join("%d " % d for d in t.shape), " ".join("%.17g" % v for v in t.ravel()))


def main():
    out = ["# made by tests/oracles/make_golden_ad.py from torch.autograd.functional (float64); do not edit"]
    for i, (name, f, shapes) in enumerate(FUNCS):
        rng = np.random.default_rng(1000 + i)
        ins = []
        for s in shapes:   # magnitudes in [0.3, 1.2], random signs: no ties, away from where's switch at 0
            v = rng.uniform(0.3, 1.2, size=s) * rng.choice([-1.0, 1.0], size=s)
            ins.append(torch.tensor(v))
        ins = tuple(ins)
        y = f(*ins)
        if name in ("lstm", "rnn"):
            same_as_torch_nn(name, f, ins)
        cot = torch.tensor(rng.uniform(-1, 1, size=tuple(y.shape)))
        tans = tuple(torch.tensor(rng.uniform(-1, 1, size=s)) for s in shapes)
        _, vjp = AF.vjp(f, ins, cot)
        _, jvp = AF.jvp(f, ins, tans)
        jac = AF.jacobian(f, ins)
        out.append("fn %s" % name)
        out += ["in %d %s" % (k, fmt(t)) for k, t in enumerate(ins)]
        out.append("out %s" % fmt(y))
        out.append("cot %s" % fmt(cot))
        out += ["vjp %d %s" % (k, fmt(t)) for k, t in enumerate(vjp)]
        out += ["tan %d %s" % (k, fmt(t)) for k, t in enumerate(tans)]
        out.append("jvp %s" % fmt(jvp))
        out += ["jac %d %s" % (k, fmt(t)) for k, t in enumerate(jac)]
        if y.numel() == 1:
            def f0(x0):
                return f(x0, *ins[1:])
            out.append("hess %s" % fmt(AF.hessian(f0, ins[0])))
            out.append("hvp %s" % fmt(AF.hvp(f0, ins[0], tans[0])[1]))
        out.append("end")
    with open("tests/oracles/golden_ad.txt", "w") as fh:
        fh.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
