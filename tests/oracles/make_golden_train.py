#!/usr/bin/python3
"""make_golden_train.py - expected values for tests/unit/train.c, from PyTorch (torch.optim, torch.nn).

Writes tests/oracles/golden_train.txt. Lines (values are decimal, 17 significant digits):
  data NAME RANK DIMS... : VALUES           a tensor shared by the optimizer cases (X, Y, W0, B0)
  opt NAME KIND MOMENTUM DAMPENING NESTEROV WEIGHT_DECAY BETA1 BETA2 EPS AMSGRAD CLIP STEPS
  lr : VALUES                               the learning rate of each step
  loss STEP VALUE                           the loss before step STEP (0-based)
  w STEP : VALUES  /  b STEP : VALUES       the parameters after step STEP
  end
  sched NAME LR ARG1 ARG2 ARG3 : VALUES     a scheduler's learning rate at steps 0, 1, ...
  bn NAME MOMENTUM EPS RANK DIMS...         a batch norm in training mode for some steps, then one eval forward
  gamma : VALUES / beta : VALUES / x STEP : VALUES / y STEP : VALUES / rm STEP : VALUES / rv STEP : VALUES
  xe : VALUES / ye : VALUES / end
The model of the optimizer cases: loss = mean over rows of sum((tanh(X @ W + B) - Y)^2), W [3, 2], B [2].
"""
import math
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden_train.txt")
STEPS = 6


def vals(a):
    return " ".join(repr(float(v)) for v in np.asarray(a, dtype=np.float64).reshape(-1))


def tensor_line(tag, a):
    a = np.asarray(a)
    return "%s %d %s : %s" % (tag, a.ndim, " ".join(str(d) for d in a.shape), vals(a))


def loss_of(x, y, w, b):
    return ((torch.tanh(x @ w + b) - y) ** 2).sum(dim=1).mean()


OPTS = [  # name, kind, momentum, dampening, nesterov, weight_decay, beta1, beta2, eps, amsgrad, clip, lrs
    ("sgd", "sgd", 0, 0, 0, 0, 0, 0, 0, 0, 0, "sgd"),
    ("sgd_weight_decay", "sgd", 0, 0, 0, 0.05, 0, 0, 0, 0, 0, "sgd"),
    ("sgd_momentum", "sgd", 0.9, 0, 0, 0, 0, 0, 0, 0, 0, "sgd"),
    ("sgd_momentum_dampening_wd", "sgd", 0.9, 0.3, 0, 0.05, 0, 0, 0, 0, 0, "sgd"),
    ("sgd_nesterov_wd", "sgd", 0.8, 0, 1, 0.01, 0, 0, 0, 0, 0, "sgd"),
    ("adam", "adam", 0, 0, 0, 0, 0.9, 0.999, 1e-8, 0, 0, "adam"),
    ("adam_weight_decay", "adam", 0, 0, 0, 0.1, 0.9, 0.999, 1e-8, 0, 0, "adam"),
    ("adam_amsgrad_betas", "adam", 0, 0, 0, 0, 0.8, 0.5, 1e-8, 1, 0, "adam_big"),
    ("adamw", "adamw", 0, 0, 0, 0.05, 0.9, 0.999, 1e-8, 0, 0, "adam"),
    ("adamw_amsgrad_eps", "adamw", 0, 0, 0, 0.01, 0.9, 0.7, 1e-6, 1, 0, "adam_big"),
    ("sgd_momentum_clip", "sgd", 0.9, 0, 0, 0, 0, 0, 0, 0, 1.5, "sgd"),
    ("adam_clip", "adam", 0, 0, 0, 0, 0.9, 0.999, 1e-8, 0, 0.3, "adam"),
]
LRS = {"sgd": [0.1, 0.05, 0.08, 0.02, 0.1, 0.03], "adam": [0.01, 0.02, 0.005, 0.01, 0.03, 0.001],
       "adam_big": [0.3, 0.5, 0.2, 0.4, 0.3, 0.1]}


def opt_case(data, cfg):
    name, kind, mom, damp, nest, wd, b1, b2, eps, ams, clip, lrk = cfg
    lrs = LRS[lrk]
    x, y = torch.tensor(data["X"]), torch.tensor(data["Y"])
    w = torch.tensor(data["W0"], requires_grad=True)
    b = torch.tensor(data["B0"], requires_grad=True)
    if kind == "sgd":
        opt = torch.optim.SGD([w, b], lr=lrs[0], momentum=mom, dampening=damp, nesterov=bool(nest), weight_decay=wd)
    elif kind == "adam":
        opt = torch.optim.Adam([w, b], lr=lrs[0], betas=(b1, b2), eps=eps, weight_decay=wd, amsgrad=bool(ams))
    else:
        opt = torch.optim.AdamW([w, b], lr=lrs[0], betas=(b1, b2), eps=eps, weight_decay=wd, amsgrad=bool(ams))
    lines = ["opt %s %s %r %r %d %r %r %r %r %d %r %d" % (name, kind, float(mom), float(damp), nest, float(wd),
                                                          float(b1), float(b2), float(eps), ams, float(clip), STEPS),
             "lr : " + vals(lrs)]
    clipped = set()
    for k in range(STEPS):
        for grp in opt.param_groups:
            grp["lr"] = lrs[k]
        opt.zero_grad()
        loss = loss_of(x, y, w, b)
        loss.backward()
        if clip:
            clipped.add(torch.nn.utils.clip_grad_norm_([w, b], clip).item() > clip)
        opt.step()
        lines.append("loss %d %r" % (k, loss.item()))
        lines.append("w %d : %s" % (k, vals(w.detach().numpy())))
        lines.append("b %d : %s" % (k, vals(b.detach().numpy())))
    if clip >= 1 and clipped != {True, False}:   # max_norm 1.5: some steps are clipped, some are not
        raise SystemExit("make_golden_train.py: case %s clips %s" % (name, clipped))
    if ams:   # the case must exercise the maximum: the running max differs from the last exp_avg_sq somewhere
        st = opt.state[w]
        if torch.equal(st["max_exp_avg_sq"], st["exp_avg_sq"]) and torch.equal(opt.state[b]["max_exp_avg_sq"],
                                                                                opt.state[b]["exp_avg_sq"]):
            raise SystemExit("make_golden_train.py: case %s does not exercise amsgrad" % name)
    lines.append("end")
    return lines


def sched_cases():
    lines = []
    p = torch.nn.Parameter(torch.zeros(1, dtype=torch.float64))
    for name, make, args in (("step_decay", lambda o: torch.optim.lr_scheduler.StepLR(o, step_size=3, gamma=0.5),
                              (0.1, 3, 0.5)),
                             ("cosine", lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=7, eta_min=0.001),
                              (0.1, 0.001, 7))):
        opt = torch.optim.SGD([p], lr=0.1)
        sch = make(opt)
        got = []
        for _ in range(10):
            got.append(opt.param_groups[0]["lr"])
            opt.step()
            sch.step()
        lines.append("sched %s %r %r %r : %s" % (name, float(args[0]), float(args[1]), float(args[2]), vals(got)))
    return lines


def bn_case(rng, name, shape, steps=3):
    c = shape[1]
    mod = torch.nn.BatchNorm2d(c) if len(shape) == 4 else torch.nn.BatchNorm1d(c)
    mod = mod.double()
    gamma, beta = rng.uniform(0.5, 1.5, c), rng.uniform(-0.5, 0.5, c)
    with torch.no_grad():
        mod.weight.copy_(torch.tensor(gamma))
        mod.bias.copy_(torch.tensor(beta))
    lines = ["bn %s %r %r %d %s" % (name, mod.momentum, mod.eps, len(shape), " ".join(str(d) for d in shape)),
             "gamma : " + vals(gamma), "beta : " + vals(beta)]
    mod.train()
    for k in range(steps):
        x = rng.normal(0.5 * k, 1.0 + 0.5 * k, shape)
        with torch.no_grad():
            y = mod(torch.tensor(x)).numpy()
        lines += ["x %d : %s" % (k, vals(x)), "y %d : %s" % (k, vals(y)),
                  "rm %d : %s" % (k, vals(mod.running_mean.numpy())), "rv %d : %s" % (k, vals(mod.running_var.numpy()))]
    mod.eval()
    xe = rng.normal(0.3, 1.2, shape)
    with torch.no_grad():
        ye = mod(torch.tensor(xe)).numpy()
    lines += ["xe : " + vals(xe), "ye : " + vals(ye), "end"]
    return lines


def main():
    torch.set_num_threads(1)
    rng = np.random.default_rng(20261123)
    data = {"X": rng.normal(0, 1, (4, 3)), "Y": rng.uniform(-0.8, 0.8, (4, 2)),
            "W0": rng.normal(0, 0.7, (3, 2)), "B0": rng.normal(0, 0.3, (2,))}
    lines = ["# golden_train.txt - written by tests/oracles/make_golden_train.py (PyTorch %s). Do not edit." % torch.__version__]
    lines += [tensor_line("data " + k, v) for k, v in data.items()]
    for cfg in OPTS:
        lines += opt_case(data, cfg)
    lines += sched_cases()
    lines += bn_case(rng, "bn2d", (4, 3, 2, 2))
    lines += bn_case(rng, "bn1d", (5, 3))
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("make_golden_train.py: %s: %d lines" % (os.path.relpath(OUT), len(lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
