#define _GNU_SOURCE
#include "memhog.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "memhog_child.h"

/* The supervisor is tiny and must survive to tell what happened: ask the
 * OOM killer to spare it (works as root, harmless otherwise). */
static void exempt_from_oom(void)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);

	if (fd >= 0) {
		if (write(fd, "-1000", 5) != 5) {
			/* Not root: the child's +1000 still makes it first. */
		}
		close(fd);
	}
}

/* Relays the child's lines until it closes the pipe; returns the last
 * reported anon_mb. */
static unsigned long relay_child_lines(int fd)
{
	unsigned long anon_mb = 0;
	FILE *in = fdopen(fd, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!in) {
		close(fd);
		return 0;
	}
	while ((n = getline(&line, &cap, in)) > 0) {
		if (n < 3)
			continue;
		if (line[0] == 'P')
			anon_mb = strtoul(line + 2, NULL, 10);
		else if (line[0] == 'O')
			fputs(line + 2, stdout);
		else if (line[0] == 'E')
			fputs(line + 2, stderr);
	}
	free(line);
	fclose(in);
	return anon_mb;
}

int memhog_run(const struct memhog_opts *o)
{
	int pipefd[2], status;
	unsigned long anon_mb;
	pid_t pid;

	exempt_from_oom();
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		fprintf(stderr, "%s: pipe failed: %s\n", MEMHOG_TOOL, strerror(errno));
		return 1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "%s: fork failed: %s\n", MEMHOG_TOOL, strerror(errno));
		return 1;
	}
	if (pid == 0) {
		close(pipefd[0]);
		_exit(memhog_child_main(o, pipefd[1]));
	}
	close(pipefd[1]);
	anon_mb = relay_child_lines(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "%s: waitpid failed: %s\n", MEMHOG_TOOL,
				strerror(errno));
			return 1;
		}
	}
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		fprintf(stderr, "%s: child killed by signal %d (%s) anon_mb_at_last_report=%lu\n",
			MEMHOG_TOOL, sig,
			sig == SIGKILL ? "likely OOM killer" : strsignal(sig), anon_mb);
		return MEMHOG_EXIT_CHILD_KILLED;
	}
	return WEXITSTATUS(status);
}
