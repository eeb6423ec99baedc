# nfstb: the NFS/SUNRPC swap-and-reclaim testbed.
#   make nfs-test   one command from a fresh machine to a verdict
#   make check      the project's own tests
# See README.md and docs/.
SHELL := /bin/bash
BUILD := $(CURDIR)/build
CONFIG ?= default
# The kernel tree the lab boots: 6.1 (the default) or 6.12 (KERNEL=6.12).
KERNEL ?= 6.1
export NFSTB_TREE := $(KERNEL)
IMAGES := $(BUILD)/images

# Inputs of the lab targets, passed through the environment (and checked by
# harness/validate.sh before anything else runs).
export SCENARIOS ARMS MODES RUNS CAPTURE RESULTS WATCHDOG RUN_TIMEOUT SCENARIO \
	VERS PROTO CONFIG PATCHES EXTRA_PATCHES MUTANTS SOAK SOAK_RUNS AGAINST \
	INVENTORY FLEET_SHARDS FLEET_DIR FLEET_TIMEOUT FLEET_DRY_RUN

# The goals whose inputs harness/validate.sh checks: 'validate' is a
# prerequisite of 'deps', so a bad input stops them before apt, a build or the
# lab, with one line (make adds its own "make: *** [...] Error 1").
VALIDATED_GOALS := nfs-test nfs-capture bench vm-up kernel soak

GUEST_SCRIPTS := vm/guest/common.sh vm/guest/client-init.sh nfs-server/server-init.sh \
	nfs-server/exports vm/build-initramfs.sh

.PHONY: all help validate deps kernel workloads harness-tools images nfs-test check \
	check-series check-bisect nfs-mutants nfs-coverage nfs-merge soak nfs-capture bench vm-up vm-down clean distclean \
	nfs-test-6.12 nfs-fleet nfs-fleet-local fleet-inputs

all: help

help:
	@echo "make nfs-test   build everything and run the scenarios (SCENARIOS= ARMS= MODES= RUNS= CAPTURE=)"
	@echo "make nfs-test-6.12  the same on Debian's linux-source-6.12 (KERNEL=6.12; not in CI)"
	@echo "make check      unit tests, golden files, patch series checks"
	@echo "make kernel     build the guest kernel (CONFIG=default|lockdep|coverage PATCHES=DIR EXTRA_PATCHES=FILES)"
	@echo "make nfs-mutants  every mutant of the fix must fail a default scenario (not in CI)"
	@echo "make nfs-coverage which lines of the fix each scenario runs (gcov flavour; not in CI)"
	@echo "make nfs-merge  RESULTS=DIR,DIR,...: the shards of a selection (nfs-test SHARD=i/N) as one"
	@echo "make nfs-fleet  INVENTORY=FILE: the selection over an Ansible inventory's hosts, merged (docs/fleet.md)"
	@echo "make nfs-fleet-local [FLEET_SHARDS=N]: the same with N hosts on this machine"
	@echo "make soak       SOAK_RUNS (50) short runs with a leak check, then a Ctrl-C in every phase (not in CI)"
	@echo "make check-bisect build the kernel after each patch of the series (not in CI)"
	@echo "make nfs-capture SCENARIO=v3-tcp   one scenario with its packet captures kept"
	@echo "make bench      phase medians of a selection; AGAINST=COMMIT runs it on COMMIT too and prints the ratios"
	@echo "make vm-up      boot both guests and leave them running (vm/lab.sh virsh console nfstb-client)"
	@echo "make vm-down    tear the lab down"

validate:
	@harness/validate.sh $(filter $(VALIDATED_GOALS),$(MAKECMDGOALS))

deps: validate
	@mkdir -p $(BUILD)
	@vm/install-deps.sh

# Built under the lab lock: the lab boots build/kernels/<flavour>-<key>/bzImage.
kernel: deps
	@vm/locked.sh kernel vm/build-kernel.sh "$$CONFIG"

workloads: deps
	@$(MAKE) -s -C workloads all

harness-tools: deps
	@$(MAKE) -s -C harness all

$(IMAGES)/server.cpio: $(GUEST_SCRIPTS) $(wildcard workloads/bin/*) | workloads
	@vm/build-initramfs.sh server $@

$(IMAGES)/client.cpio: $(GUEST_SCRIPTS) $(wildcard workloads/bin/*) | workloads
	@vm/build-initramfs.sh client $@

images: workloads
	@$(MAKE) -s $(IMAGES)/server.cpio $(IMAGES)/client.cpio

nfs-test: deps harness-tools images
	@harness/nfs-test.sh

# The 6.12 tree's selection (not in CI): smoke, the three reconnect
# scenarios (blocking release: control must hang, fixed must pass) and their
# -stock variants (6.12's own release, with and without the NOFS port), the
# lockdep scenarios, and lockdep on the stock release (must stay silent).
NFS_TEST_612 := smoke-v3,smoke-v42,v3-tcp,v42-tcp,v3-udp,v3-tcp-stock,v42-tcp-stock,v3-udp-stock
NFS_TEST_612 := $(NFS_TEST_612),lockdep-v3,lockdep-v3-udp,lockdep-v42,lockdep-v3-stock
nfs-test-6.12: export SCENARIOS := $(or $(SCENARIOS),$(NFS_TEST_612))
nfs-test-6.12:
	@$(MAKE) --no-print-directory nfs-test KERNEL=6.12

# The harness's cmocka run stays last: its closing line ends the output.
check: deps
	@kernel-patches/check-series.sh 6.1
	@kernel-patches/check-series.sh 6.12
	@$(MAKE) -s -C workloads check
	@harness/tests/test_inputs.sh
	@$(MAKE) -s -C harness browser-check
	@$(MAKE) -s -C harness check

check-series: deps
	@kernel-patches/check-series.sh 6.1
	@kernel-patches/check-series.sh 6.12

# Not in CI: the default kernel built after each patch of the series.
check-bisect: deps
	@kernel-patches/check-bisect.sh

# Not in CI: every mutant of the fix in kernel-patches/mutants/ must fail a
# default scenario (MUTANTS=name,... RUNS=N).
nfs-mutants: deps harness-tools images
	@harness/mutants.sh

# Not in CI: the lines and branches of the fix each scenario runs, on the
# coverage flavour of the guest kernel (gcov of the fix's files only).
nfs-coverage: deps harness-tools images
	@harness/coverage.sh

# The shards of one selection (make nfs-test SHARD=i/N) as one results
# directory: RESULTS=DIR,DIR,... (harness/merge.sh; docs/running.md).
nfs-merge: harness-tools
	@harness/merge.sh

# The selection over the hosts of an Ansible inventory (harness/fleet/):
# host i runs nfs-test SHARD=i/N, the results are fetched and merged here.
# nfs-fleet-local: FLEET_SHARDS hosts on this machine (docs/fleet.md).
# Its inputs are checked before apt (fleet-inputs comes first).
fleet-inputs:
	@harness/fleet/run.sh --check
nfs-fleet: fleet-inputs deps harness-tools
	@harness/fleet/run.sh
nfs-fleet-local: export FLEET_LOCAL := 1
nfs-fleet-local: nfs-fleet

# Not in CI: SOAK_RUNS (default 50) short runs, each followed by the leak
# check, then a Ctrl-C in each phase of a run (SOAK=runs|signals|all).
soak: deps harness-tools images
	@harness/soak.sh

# One scenario, one run per arm, with the packet capture kept for Wireshark.
nfs-capture: deps harness-tools images
	@harness/nfs-capture.sh

bench: kernel harness-tools images
	@harness/bench.sh

vm-up: deps harness-tools images
	@harness/vm-up.sh

vm-down:
	@vm/lab.sh down

clean:
	@$(MAKE) -s -C workloads clean
	@$(MAKE) -s -C harness clean
	rm -rf $(IMAGES)

distclean: clean
	rm -rf $(BUILD)
