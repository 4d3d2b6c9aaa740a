"""
The agent's view of the machine: agent-view.ts plans it and says what it is, held-view.ts drives this through
its stdin (the protocol: held-view.ts). Run as root: python3 -I -S agent-view.py [relay] (no PYTHON* variable,
no user site, no .pth file of the machine's). The end of stdin before "go" runs nothing: exit 0. This process
ends as the agent ended; a failure before the agent starts exits 125 with one line, "agent view: ...".
"""
import ctypes, os, sys
import _signal as signal  # the C module: `signal` would import enum, ~9 ms of a start the agent waits for

libc = ctypes.CDLL(None, use_errno=True)
L = ctypes.c_long
CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID = 0x20000, 0x10000000, 0x20000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 8, 4096, 16384, 1 << 18
AT_FDCWD, AT_EMPTY_PATH, AT_RECURSIVE, MNT_DETACH = -100, 0x1000, 0x8000, 2
OPEN_TREE_CLONE, OPEN_TREE_CLOEXEC, MOVE_MOUNT_F_EMPTY_PATH = 1, 0o2000000, 4
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


def user_space():
    """A child in a user namespace of its own, waiting for its mapping; its /proc directory held (the pid
    namespace's /proc would not show it). An idmapped mount is given that namespace."""
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(ready_r), os.close(done_w)
        ok = libc.unshare(L(CLONE_NEWUSER)) == 0
        os.write(ready_w, b"1" if ok else b"0")
        os.read(done_r, 1)  # until it is mapped and held, or no one who could map it is left
        os._exit(0)
    os.close(ready_w), os.close(done_r)
    ok = os.read(ready_r, 1) == b"1"
    os.close(ready_r)
    if not ok:
        fail("a user namespace for the mapping: not permitted")
    return {"pid": pid, "proc": os.open("/proc/%d" % pid, os.O_PATH | os.O_DIRECTORY), "done": done_w}


def mapped(space, owner, agent):
    """The space's user namespace, mapping the owner's uid and gid to the agent's; the space let go of."""
    try:
        for name, line in (("uid_map", "%d %d 1\n" % (owner[0], agent[0])), ("setgroups", "deny"),
                           ("gid_map", "%d %d 1\n" % (owner[1], agent[1]))):
            with open(name, "w", opener=lambda at, flags: os.open(at, flags, dir_fd=space["proc"])) as f:
                f.write(line)
        return os.open("ns/user", os.O_RDONLY, dir_fd=space["proc"])
    except OSError as e:
        fail("map the owner's ids: " + e.strerror)
    finally:
        os.write(space["done"], b"x")
        os.close(space["done"]), os.close(space["proc"])


def clone_view(view, agent, spaces, early):
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
            space = early.pop() if early else user_space()  # made early for the first owner
            spaces[key] = mapped(space, owner, agent)
            if not space.get("early"):
                os.waitpid(space["pid"], 0)
        attr.set |= ATTR_IDMAP
        attr.userns = spaces[key]
    set_attr(fd, attr, "map " + view["path"], AT_EMPTY_PATH | AT_RECURSIVE)
    return fd


def cover(item):
    # A shared temporary directory: the agent's own, for everyone (sticky); else empty, closed to it.
    data = b"mode=1777" if item.get("shared") else b"mode=0755,size=1m,nr_inodes=1024"
    mount(b"tmpfs", item["path"], b"tmpfs", MS_NOSUID | MS_NODEV, data)
    # This very mount, held: made read-only at the end (by path, a remount would reach a view on top of it).
    item["fd"] = check(libc.syscall(L(SYS_OPEN_TREE), L(AT_FDCWD), item["path"].encode(), L(OPEN_TREE_CLOEXEC)),
                       "hold " + item["path"])


def set_attr(fd, attr, what, flags=AT_EMPTY_PATH):
    check(libc.syscall(L(SYS_MOUNT_SETATTR), L(fd), b"", L(flags), ctypes.byref(attr), L(ctypes.sizeof(attr))), what)


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
    # Written in a tmpfs on /tmp for the moment (a cover replaces it); the bind mounts keep the files.
    staging = "/tmp"
    mount(b"tmpfs", staging, b"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"mode=0755,size=4m,nr_inodes=16")
    for target, line in lines.items():
        with open(target, "rb") as f:
            text = f.read()
        copy = os.path.join(staging, os.path.basename(target))
        with open(copy, "wb") as f:
            f.write(text + (b"" if text.endswith(b"\n") or not text else b"\n") + line.encode())
        os.chmod(copy, 0o644)
        mount(copy.encode(), target, None, MS_BIND, None)
    check(libc.umount2(staging.encode(), MNT_DETACH), "detach " + staging)


def set_up(plan, early):
    """Steps 2-4, in the namespace made at the start (the init's): what the plan says, then its directory."""
    account(plan)
    spaces = {}
    # Cloned before any cover hides them.
    views = [dict(v, fd=clone_view(v, plan["agent"], spaces, early)) for v in plan["views"]]
    for fd in spaces.values():
        os.close(fd)
    # Shallow first, a cover before a view as deep: a view in a cover shows through it, a cover in a view hides.
    depth = lambda item: item["path"].rstrip("/").count("/")  # noqa: E731
    steps = [(depth(c), 0, c) for c in plan["covers"]] + [(depth(v), 1, v) for v in views]
    for _, is_view, item in sorted(steps, key=lambda s: s[:2]):
        (show if is_view else cover)(item)
    for item in plan["covers"]:
        if not item.get("shared"):
            set_attr(item["fd"], MountAttr(ATTR_RDONLY, 0, 0, 0), "close " + item["path"])
        os.close(item["fd"])
    # The working directory by its name again: the view's (the agent starts in the workspace), or the root.
    try:
        os.chdir(os.getcwd())
    except OSError:
        os.chdir("/")


PENDING = [b""]  # what was read from stdin past the last line taken


def block(end):
    """The lines from stdin up to the line `end`; at the end of stdin, nothing is run: exit 0."""
    lines = []
    while True:
        while b"\n" not in PENDING[0]:
            chunk = os.read(0, 65536)
            PENDING[0] += chunk if chunk else os._exit(0)
        line, _, PENDING[0] = PENDING[0].partition(b"\n")
        if line == end:
            return lines
        lines.append(line.decode("ascii", "replace"))


def parse(lines):
    """The plan as planText writes it: a line each, names in hex (json would import re: ~13 ms of start)."""
    name = lambda h: bytes.fromhex(h).decode("utf-8", "surrogateescape")  # noqa: E731
    plan = {"views": [], "covers": []}
    for line in lines:
        f = line.split(" ")
        if f[0] == "agent" and len(f) == 3:
            plan["agent"] = (int(f[1]), int(f[2]))
        elif f[0] == "view" and len(f) == 5:
            owner = None if f[2] == "-" else (int(f[2]), int(f[3]))
            plan["views"].append({"path": name(f[1]), "readOnly": f[4] == "1", "owner": owner})
        elif f[0] == "cover" and len(f) == 3:
            plan["covers"].append({"path": name(f[1]), "shared": f[2] == "1"})
        elif f[0] == "account" and len(f) == 3:
            plan["account"] = {"name": name(f[1]), "home": name(f[2])}
        else:
            fail("a plan line it does not know: " + f[0][:40])
    if "agent" not in plan:
        fail("a plan without the agent's ids")
    return plan


def command(lines):
    """The agent's command (argv, env) as the action sends it: a line each, in hex: no quoting, no shell."""
    fields = [line.split(" ") for line in lines]
    if any(len(f) != 2 or f[0] not in ("arg", "env") for f in fields):
        fail("a command line it does not know")
    argv = [bytes.fromhex(f[1]) for f in fields if f[0] == "arg"]
    env = dict(bytes.fromhex(f[1]).partition(b"=")[::2] for f in fields if f[0] == "env")
    if not argv or b"" in env:
        fail("a command without a program, or a variable without a name")
    return argv, env


def relay_to(target):
    """A handler passing a signal on to `target` (the init, or -1 from it: every process of the namespace)."""
    return lambda sig, _: libc.kill(target, sig)  # the C call: nothing there (yet, or any more) raises nothing


def die_with_parent():
    # Killed when its parent dies (the action, sudo, or for the init this program): the namespace with it.
    check(libc.prctl(L(1), L(signal.SIGKILL), L(0), L(0), L(0)), "PR_SET_PDEATHSIG")


def init(report, early, relay):
    """Pid 1 of the agent's namespace: the view set up, the agent started, what it leaves reaped."""
    die_with_parent()
    for sig in TERMS if relay else ():
        signal.signal(sig, relay_to(-1))
    mount(b"proc", "/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    set_up(parse(block(b"set-up")), early)
    os.write(2, b"agent view: ready\n")
    argv, env = command(block(b"go"))
    agent = os.fork()
    if agent == 0:
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, *TERMS):
            signal.signal(sig, signal.SIG_DFL)
        try:
            # stdin closed, as the action starts any agent: the CLI is known to hang on an open one.
            os.dup2(os.open("/dev/null", os.O_RDONLY), 0)
            os.closerange(3, 1 << 20)  # nothing the action inherited without close-on-exec reaches the agent
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    os.close(0)
    while True:
        pid, status = os.wait()
        if pid == agent:
            os.write(report, status.to_bytes(4, "little", signed=True))
            os._exit(0)


TERMS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def main():
    die_with_parent()
    # What takes the time (namespaces, the mapping's child, the init) is done before the plan comes. Nothing
    # mounted here propagates back to the machine's namespace.
    check(libc.unshare(L(CLONE_NEWNS)), "a mount namespace")
    mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    early = dict(user_space(), early=True)
    # As root, the action's group signals reach the agent itself: not passed on (a second SIGTERM can mean
    # "now" to a CLI). Through sudo ("relay") they cannot (another uid's): sudo passes them here, this to the
    # init, the init to every process of the namespace. A SIGKILL kills sudo, and the rest dies with it.
    relay = sys.argv[1:] == ["relay"]
    for sig in TERMS:
        signal.signal(sig, lambda *_: None)
    # After the mapping's child: the first process forked into the new pid namespace is its init.
    check(libc.unshare(L(CLONE_NEWPID)), "a pid namespace")
    report_r, report_w = os.pipe()
    pid1 = os.fork()
    if pid1 == 0:
        os.close(report_r)
        init(report_w, [early], relay)
    for sig in TERMS if relay else ():
        signal.signal(sig, relay_to(pid1))
    os.close(report_w)
    # The plan and the command are the init's to read, the mapping its to write.
    for fd in (0, early["proc"], early["done"]):
        os.close(fd)
    _, ended = os.waitpid(pid1, 0)
    os.waitpid(early["pid"], 0)
    got = os.read(report_r, 4)
    if len(got) != 4:
        # No status: stdin ended before "go" (0: nothing ran), or the init failed.
        os._exit(os.WEXITSTATUS(ended) if os.WIFEXITED(ended) else 125)
    status = int.from_bytes(got, "little", signed=True)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig != signal.SIGKILL:
            signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)
    os._exit(os.WEXITSTATUS(status))


try:
    main()
except OSError as e:  # a file it reads or a directory it makes: one line too, never a traceback
    fail("%s: %s" % (e.filename, e.strerror))
