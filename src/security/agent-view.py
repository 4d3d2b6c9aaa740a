"""
The agent's view of the machine (src/security/agent-view.ts builds its plan and says why; README.md "Security model" what it protects).

Run as root, with the plan (agent-view.ts writes it: a line each) as the first argument and the agent's command after it:
  python3 -I -S agent-view.py PLAN [setpriv ... -- agent ...]

1. A mount namespace of its own: what it mounts is seen by the agent alone, and goes with it.
2. Every view (the workspace, the agent's home and install) cloned as it is now, with its owner's uid and gid
   mapped to the agent's (an idmapped mount): the agent reads and writes the workspace as if it were its own,
   and what it creates there is stored as the owner's. Nothing is changed file by file: the cost does not
   grow with the workspace.
3. The agent's account, where the machine has none for it (its uid is this run's alone, made for no one): a
   line of its own in /etc/passwd and /etc/group, in this namespace only, so that what asks who it is (a
   shell, git, ssh, Node's os.userInfo()) gets its name and home.
4. Every cover (the job's homes, RUNNER_TEMP, the workspace's parent) an empty tmpfs, read-only once the
   views are mounted back into it; the shared temporary directories a private, writable tmpfs each.
5. A pid namespace whose init (the first process forked into it) is this program's child, as root: it mounts
   a /proc of the namespace (the agent sees its own processes only), starts the agent's command, and reaps
   what it leaves; when the agent ends it ends too, and the kernel kills everything left in the namespace,
   however it was forked. Nothing the agent starts can leave the namespace, nor signal its init.
6. This process waits for the init and ends as the agent ended: its exit code, or killed by its signal.

Without a command, the init exits once /proc is mounted, and this process with 0: the probe that tells the
action that the machine allows all of it (a container without CAP_SYS_ADMIN, a file system without idmapped
mounts, a kernel before 5.12 do not).
Every failure before the agent starts exits 125 with one line on stderr, "agent view: ...".
Only the standard library, with -I (no PYTHON* variable, no user site) and -S (no site module, so no .pth
file of the machine's runs as root).
"""
import ctypes, os, sys
import _signal as signal  # the C module: `signal` would import enum, ~9 ms of a start the agent waits for

libc = ctypes.CDLL(None, use_errno=True)
L = ctypes.c_long
CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID = 0x20000, 0x10000000, 0x20000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 8, 4096, 16384, 1 << 18
MNT_DETACH = 2
AT_FDCWD, AT_EMPTY_PATH, AT_RECURSIVE = -100, 0x1000, 0x8000
OPEN_TREE_CLONE, OPEN_TREE_CLOEXEC = 1, 0o2000000
MOVE_MOUNT_F_EMPTY_PATH = 4
ATTR_RDONLY, ATTR_NOSUID, ATTR_NODEV, ATTR_IDMAP = 1, 2, 4, 0x100000
# One number on every architecture: these calls came after Linux numbered new calls alike everywhere.
SYS_OPEN_TREE, SYS_MOVE_MOUNT, SYS_MOUNT_SETATTR = 428, 429, 442


class MountAttr(ctypes.Structure):
    _fields_ = [("set", ctypes.c_uint64), ("clr", ctypes.c_uint64),
                ("propagation", ctypes.c_uint64), ("userns", ctypes.c_uint64)]


def fail(what):
    os.write(2, ("agent view: " + what + "\n").encode())
    os._exit(125)


def check(rc, what):
    if rc < 0:
        fail(what + ": " + os.strerror(ctypes.get_errno()))
    return rc


def mount(src, target, fstype, flags, data):
    check(libc.mount(src, target.encode(), fstype, L(flags), data), "mount " + target)


def idmap(owner, agent):
    """A user namespace mapping the owner's uid and gid to the agent's: what an idmapped mount is given."""
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        ok = libc.unshare(L(CLONE_NEWUSER)) == 0
        os.write(ready_w, b"1" if ok else b"0")
        os.read(done_r, 1)
        os._exit(0)
    ok = os.read(ready_r, 1) == b"1"
    try:
        if not ok:
            fail("a user namespace for the mapping: not permitted")
        for name, line in (("uid_map", "%d %d 1\n" % (owner[0], agent[0])), ("setgroups", "deny"),
                           ("gid_map", "%d %d 1\n" % (owner[1], agent[1]))):
            with open("/proc/%d/%s" % (pid, name), "w") as f:
                f.write(line)
        return os.open("/proc/%d/ns/user" % pid, os.O_RDONLY)
    finally:
        os.write(done_w, b"x")
        os.waitpid(pid, 0)


def clone_view(view, agent, spaces):
    """The view's tree, detached, with its attributes set: mounted later, where a cover may hide it now."""
    fd = check(libc.syscall(L(SYS_OPEN_TREE), L(AT_FDCWD), view["path"].encode(),
                            L(OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE)), "clone " + view["path"])
    attr = MountAttr(ATTR_NOSUID | ATTR_NODEV, 0, 0, 0)
    if view.get("readOnly"):
        attr.set |= ATTR_RDONLY
    owner = view.get("owner")
    if owner is not None:
        key = (owner[0], owner[1])
        if key not in spaces:
            spaces[key] = idmap(owner, agent)
        attr.set |= ATTR_IDMAP
        attr.userns = spaces[key]
    check(libc.syscall(L(SYS_MOUNT_SETATTR), L(fd), b"", L(AT_EMPTY_PATH | AT_RECURSIVE),
                       ctypes.byref(attr), L(ctypes.sizeof(attr))), "map " + view["path"])
    return fd


def depth(path):
    return path.rstrip("/").count("/")


def cover(item):
    # A shared temporary directory: the agent's own, for everyone (sticky); else empty, closed to it.
    data = b"mode=1777" if item.get("shared") else b"mode=0755,size=1m,nr_inodes=1024"
    mount(b"tmpfs", item["path"], b"tmpfs", MS_NOSUID | MS_NODEV, data)
    # This very mount, held: made read-only at the end whatever has been mounted on its path since (a
    # remount by path would reach what is on top, a view, and through it the file system under it).
    item["fd"] = check(libc.syscall(L(SYS_OPEN_TREE), L(AT_FDCWD), item["path"].encode(), L(OPEN_TREE_CLOEXEC)),
                       "hold " + item["path"])


def set_attr(fd, attr, what):
    check(libc.syscall(L(SYS_MOUNT_SETATTR), L(fd), b"", L(AT_EMPTY_PATH), ctypes.byref(attr),
                       L(ctypes.sizeof(attr))), what)


def show(item):
    os.makedirs(item["path"], mode=0o755, exist_ok=True)
    check(libc.syscall(L(SYS_MOVE_MOUNT), L(item["fd"]), b"", L(AT_FDCWD), item["path"].encode(),
                       L(MOVE_MOUNT_F_EMPTY_PATH)), "show " + item["path"])
    os.close(item["fd"])


def account(plan):
    """The agent's passwd and group lines added to the machine's, bound over them in this namespace alone."""
    who = plan.get("account")
    if not who:
        return
    uid, gid = plan["agent"]
    lines = {"/etc/passwd": "%s:x:%d:%d::%s:/bin/sh\n" % (who["name"], uid, gid, who["home"]),
             "/etc/group": "%s:x:%d:\n" % (who["name"], gid)}
    # Written in a tmpfs of this namespace (mounted for the moment on /tmp, which a cover replaces later);
    # the bind mounts keep the files once it is detached.
    staging = "/tmp"
    mount(b"tmpfs", staging, b"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"mode=0755,size=4m,nr_inodes=16")
    for target, line in lines.items():
        try:
            with open(target, "rb") as f:
                text = f.read()
        except OSError as e:
            fail("read " + target + ": " + e.strerror)
        copy = os.path.join(staging, os.path.basename(target))
        with open(copy, "wb") as f:
            f.write(text + (b"" if text.endswith(b"\n") or not text else b"\n") + line.encode())
        os.chmod(copy, 0o644)
        mount(copy.encode(), target, None, MS_BIND, None)
    check(libc.umount2(staging.encode(), MNT_DETACH), "detach " + staging)


def set_up(plan):
    check(libc.unshare(L(CLONE_NEWNS)), "a mount namespace")
    # Nothing mounted here propagates back to the machine's namespace.
    mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    account(plan)
    spaces = {}
    # Cloned before any cover hides them.
    views = [dict(v, fd=clone_view(v, plan["agent"], spaces)) for v in plan["views"]]
    for fd in spaces.values():
        os.close(fd)
    # Shallow first, a cover before a view as deep: a view inside a cover is shown through it, a cover
    # inside a view hides that part of it.
    steps = [(depth(c["path"]), 0, c) for c in plan["covers"]] + [(depth(v["path"]), 1, v) for v in views]
    for _, is_view, item in sorted(steps, key=lambda s: s[:2]):
        (show if is_view else cover)(item)
    for item in plan["covers"]:
        if not item.get("shared"):
            set_attr(item["fd"], MountAttr(ATTR_RDONLY, 0, 0, 0), "close " + item["path"])
        os.close(item["fd"])
    # The working directory was resolved before the mounts: by its name again, it is the view's (the
    # agent starts in the workspace), or, where a cover hides it, the root.
    try:
        os.chdir(os.getcwd())
    except OSError:
        os.chdir("/")


def parse(text):
    """The plan, as agent-view.ts writes it: a line each, fields apart by a space, names in hex (json would
    import re, ~13 ms of a start the agent waits for)."""
    def name(h):
        return bytes.fromhex(h).decode("utf-8", "surrogateescape")
    plan = {"views": [], "covers": []}
    for line in text.split("\n"):
        f = line.split(" ")
        if f[0] == "agent" and len(f) == 3:
            plan["agent"] = (int(f[1]), int(f[2]))
        elif f[0] == "view" and len(f) == 5:
            view = {"path": name(f[1]), "readOnly": f[4] == "1"}
            if f[2] != "-":
                view["owner"] = (int(f[2]), int(f[3]))
            plan["views"].append(view)
        elif f[0] == "cover" and len(f) == 3:
            plan["covers"].append({"path": name(f[1]), "shared": f[2] == "1"})
        elif f[0] == "account" and len(f) == 3:
            plan["account"] = {"name": name(f[1]), "home": name(f[2])}
        else:
            fail("a plan line it does not know: " + f[0][:40])
    if "agent" not in plan:
        fail("a plan without the agent's ids")
    return plan


def quiet(*_):
    pass


def init(argv, report):
    """Pid 1 of the agent's namespace: its parent, reaping what it leaves; when it goes, the kernel kills the rest."""
    mount(b"proc", "/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    if not argv:
        os.write(report, (0).to_bytes(4, "little", signed=True))
        os._exit(0)
    agent = os.fork()
    if agent == 0:
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    while True:
        pid, status = os.wait()
        if pid == agent:
            os.write(report, status.to_bytes(4, "little", signed=True))
            os._exit(0)


def main():
    plan = parse(sys.argv[1])
    argv = sys.argv[2:]
    set_up(plan)
    # The group signals of the action reach the agent itself: neither this process nor the namespace's
    # init passes them on (a second SIGTERM can mean "now" to a CLI).
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, quiet)
    # After the mapping's helpers: the first process forked into the new pid namespace is its init.
    check(libc.unshare(L(CLONE_NEWPID)), "a pid namespace")
    report_r, report_w = os.pipe()
    pid1 = os.fork()
    if pid1 == 0:
        os.close(report_r)
        init(argv, report_w)
    os.close(report_w)
    os.waitpid(pid1, 0)
    got = os.read(report_r, 4)
    if len(got) != 4:
        os._exit(125)
    status = int.from_bytes(got, "little", signed=True)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig != signal.SIGKILL:
            signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)
    os._exit(os.WEXITSTATUS(status))


main()
