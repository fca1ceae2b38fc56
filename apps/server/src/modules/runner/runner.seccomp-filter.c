/*
 * Writes the code runner's seccomp filter, as compiled classic BPF, to the file named by argv[1]
 * (bubblewrap's --seccomp reads it from a descriptor). Built and run by runner.seccomp.ts when a
 * sandbox starts; libseccomp assembles the program, checks the architecture (a syscall from any
 * ABI other than the native one kills the process) and orders the rules.
 *
 * Default: allow. Refused with EPERM: every way into a new namespace or mount, tracing other
 * processes, kernel keyrings, BPF, perf, userfaultfd, io_uring, module and kexec loading, and
 * host administration calls. clone3 answers ENOSYS: its flags sit in memory that a filter cannot
 * read, and libc then falls back to clone, whose flags are checked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <unistd.h>

#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif
#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
#endif

static const char *const DENIED[] = {
    "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
    "open_by_handle_at", "name_to_handle_at",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "keyctl", "add_key", "request_key",
    "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "reboot", "swapon", "swapoff", "syslog", "acct", "quotactl", "quotactl_fd",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "sethostname", "setdomainname", "iopl", "ioperm", "vhangup", "lookup_dcookie",
    "uselib", "nfsservctl", "fanotify_init",
};

static const unsigned long NAMESPACE_FLAGS[] = {
    CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC,
    CLONE_NEWUTS, CLONE_NEWCGROUP, CLONE_NEWTIME,
};

static int fail(const char *what, int rc) {
  fprintf(stderr, "seccomp filter: %s failed (%d)\n", what, rc);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s OUTPUT.bpf\n", argv[0]);
    return 2;
  }
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return fail("seccomp_init", -1);
  int rc;
  for (size_t i = 0; i < sizeof DENIED / sizeof *DENIED; i++) {
    int nr = seccomp_syscall_resolve_name(DENIED[i]);
    if (nr == __NR_SCMP_ERROR) continue; /* not a syscall of this architecture */
    if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0)) < 0) return fail(DENIED[i], rc);
  }
  /* Threads and processes may be created; namespaces may not. */
  for (size_t i = 0; i < sizeof NAMESPACE_FLAGS / sizeof *NAMESPACE_FLAGS; i++) {
    unsigned long flag = NAMESPACE_FLAGS[i];
    if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag))) < 0) {
      return fail("clone", rc);
    }
  }
  int clone3 = seccomp_syscall_resolve_name("clone3");
  if (clone3 != __NR_SCMP_ERROR && (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), clone3, 0)) < 0) return fail("clone3", rc);
  /* TIOCSTI would push characters into a terminal's input; the sandbox has none, but no program needs it. */
  if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, 0x5412))) < 0) {
    return fail("ioctl", rc);
  }

  int fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    perror("seccomp filter: open");
    return 1;
  }
  if ((rc = seccomp_export_bpf(ctx, fd)) < 0) return fail("seccomp_export_bpf", rc);
  if (close(fd) != 0) return fail("close", -errno);
  seccomp_release(ctx);
  return 0;
}
