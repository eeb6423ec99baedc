#define _GNU_SOURCE
#include "supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define OOM_SCORE_ADJ_PATH "/proc/self/oom_score_adj"

/* The child's end of the pipe; -1 in the parent. */
static int report_fd = -1;

void supervise_report(char kind, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "%c ", kind);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	/* A write of at most PIPE_BUF bytes is atomic. */
	if (write(report_fd, line, (size_t)n) < 0) {
		/* Parent gone: nobody to report to; PDEATHSIG ends us. */
	}
}

static int write_oom_score_adj(const char *value)
{
	int fd = open(OOM_SCORE_ADJ_PATH, O_WRONLY | O_CLOEXEC);
	size_t len = strlen(value);
	int rc = 0;

	if (fd < 0)
		return -1;
	if (write(fd, value, len) != (ssize_t)len)
		rc = -1;
	close(fd);
	return rc;
}

/* Makes the child the OOM killer's first choice, so the kernel kills the
 * memory eater (which the parent then reports) rather than the NFS
 * workload or the init script. */
static void volunteer_for_oom(const char *tool)
{
	if (write_oom_score_adj("1000") < 0)
		supervise_report('E', "%s: warning: cannot set %s to 1000: %s", tool,
				 OOM_SCORE_ADJ_PATH, strerror(errno));
}

/* Relays the child's lines until it closes the pipe; keeps the last
 * progress text in progress[SUPERVISE_PROGRESS_MAX]. */
static void relay_child_lines(int fd, char *progress, FILE *out, FILE *err)
{
	FILE *in = fdopen(fd, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!in) {
		close(fd);
		return;
	}
	while ((n = getline(&line, &cap, in)) > 0) {
		if (n < 3)
			continue;
		if (line[0] == 'P') {
			line[strcspn(line, "\n")] = '\0';
			snprintf(progress, SUPERVISE_PROGRESS_MAX, "%s", line + 2);
		} else if (line[0] == 'O') {
			fputs(line + 2, out);
			fflush(out);
		} else if (line[0] == 'E') {
			fputs(line + 2, err);
			fflush(err);
		}
	}
	free(line);
	fclose(in);
}

int supervise_run(const char *tool, supervise_fn fn, void *arg,
		  const char *initial_progress, FILE *out, FILE *err)
{
	char progress[SUPERVISE_PROGRESS_MAX];
	int pipefd[2], status;
	pid_t pid, parent = getpid();

	snprintf(progress, sizeof(progress), "%s", initial_progress ? initial_progress : "");
	/* The supervisor is tiny and must survive to tell what happened: ask
	 * the OOM killer to spare it (works as root; otherwise the child's
	 * +1000 still makes the child the first choice). */
	(void)write_oom_score_adj("-1000");
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		fprintf(err, "%s: pipe failed: %s\n", tool, strerror(errno));
		return 1;
	}
	fflush(NULL); /* nothing buffered may be written twice */
	pid = fork();
	if (pid < 0) {
		fprintf(err, "%s: fork failed: %s\n", tool, strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return 1;
	}
	if (pid == 0) {
		close(pipefd[0]);
		report_fd = pipefd[1];
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the supervisor */
		if (getppid() != parent)
			_exit(1); /* it died before prctl took effect */
		volunteer_for_oom(tool);
		/* _exit: the child must not flush the parent's stdio copies. */
		_exit(fn(arg));
	}
	close(pipefd[1]);
	relay_child_lines(pipefd[0], progress, out, err);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(err, "%s: waitpid failed: %s\n", tool, strerror(errno));
			return 1;
		}
	}
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		fprintf(err, "%s: child killed by signal %d (%s)%s%s\n", tool, sig,
			sig == SIGKILL ? "likely OOM killer" : strsignal(sig),
			progress[0] ? " " : "", progress);
		fflush(err);
		return SUPERVISE_EXIT_CHILD_KILLED;
	}
	return WEXITSTATUS(status);
}
