/* warpsim.c -- main() of warpsim: the command line (ws_cli.c), C models only. */
#include "ws_gpu.h"

int main(int argc, char **argv) { return ws_cli_main(argc, argv); }
