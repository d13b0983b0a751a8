# lib.sh: what the example scripts share. Source it from bash.

# example_workdir [DIR]: makes DIR (or, without it, a new temporary folder that is removed when
# the script exits) the current directory and sets $work to its absolute path. The examples
# then use relative names, which also keeps paths with spaces away from smpirun.
example_workdir() {
    if [ $# -ge 1 ]; then
        mkdir -p "$1"
        work=$(cd "$1" && pwd)
    else
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
    fi
    cd "$work"
}
