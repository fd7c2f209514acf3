MemcpyHtoD,0x00007f0000100000,4096
kernel-1.trace
