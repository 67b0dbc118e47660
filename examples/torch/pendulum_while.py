# pendulum_while.py - the PyTorch twin of examples/pendulum_while.c: a damped pendulum integrated by RK4 in a
# Python while loop until it first swings through the bottom; the time of the crossing, its derivative with
# respect to the damping by torch.autograd through the loop (checked against a central difference), and
# Newton's method on the damping for a crossing at 0.6 s.
# Run: python3 examples/torch/pendulum_while.py
import math
import sys
import torch

GL, DT, THETA0, TARGET = 9.81, 0.01, 1.0, 0.6
torch.set_default_dtype(torch.float64)


def rate(s, c):  # the state s = (theta, theta') moves at (theta', -(g / l) sin theta - c theta')
    return torch.stack([s[1], -GL * torch.sin(s[0]) - c * s[1]])


def bottom(c):  # t* = t - theta / theta' after the loop from (theta0, 0) at t = 0 with damping c
    s, t = torch.tensor([THETA0, 0.0]), 0.0
    while s[0] > 0:
        k1 = rate(s, c)
        k2 = rate(s + DT / 2 * k1, c)
        k3 = rate(s + DT / 2 * k2, c)
        k4 = rate(s + DT * k3, c)
        s = s + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t += DT
    return t - s[0] / s[1]


a, b = 1.0, math.cos(THETA0 / 2)  # a quarter period, by the arithmetic-geometric mean
for i in range(6):
    a, b = (a + b) / 2, math.sqrt(a * b)
quarter = math.pi / (2 * a * math.sqrt(GL))
t = bottom(0.0).item()
print("undamped: t* = %.7f s, a quarter period is %.7f s" % (t, quarter))
ok = abs(t - quarter) < 1e-6
c = 0.0  # Newton's method on c for t*(c) = TARGET, the gradient checked against a central difference
for it in range(5):
    fd = (bottom(c + 1e-6) - bottom(c - 1e-6)).item() / 2e-6
    cv = torch.tensor(c, requires_grad=True)
    t = bottom(cv)
    dt = torch.autograd.grad(t, cv)[0].item()
    print("c = %.9f  t* = %.9f s  dt*/dc = %.9f (central difference %.9f)" % (c, t.item(), dt, fd))
    ok = ok and abs(dt - fd) < 1e-8
    c -= (t.item() - TARGET) / dt
ok = ok and abs(t.item() - TARGET) < 1e-9
sys.exit(0 if ok else 1)
