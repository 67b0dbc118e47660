# newton.py - what examples/newton.c does, in PyTorch: Newton's method for a nonlinear system F(x) = 0 with
# the Jacobian, and for minimising the Rosenbrock function with the Hessian.
import sys
import torch
from torch.autograd.functional import hessian, jacobian

torch.set_default_dtype(torch.float64)


def F(x):   # a circle of radius 2 meets the curve x1 = 1 - exp(x0)
    return torch.stack([x[0] ** 2 + x[1] ** 2 - 4, torch.exp(x[0]) + x[1] - 1])


def rosenbrock(x):
    return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2


def newton(name, f, x, minimise):
    for it in range(50):
        d = jacobian(f, x) if minimise else f(x)       # the gradient, or F(x)
        J = hessian(f, x) if minimise else jacobian(f, x)
        print("%s %2d: x = (%.12f, %.12f)  |d| = %.3e" % (name, it, x[0], x[1], d.norm()))
        if d.norm() < 1e-10:
            return True
        x = x - torch.linalg.solve(J, d)
    return False


ok = newton("F(x) = 0  ", F, torch.tensor([1.0, 1.0]), False)
ok = newton("rosenbrock", rosenbrock, torch.tensor([-1.2, 1.0]), True) and ok
sys.exit(0 if ok else 1)
