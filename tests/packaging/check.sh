#!/bin/sh
# check.sh BUILD_DIR - gir.h as a package: `cmake --install` into a prefix, then the consumer project in
# tests/packaging/consumer built against it with find_package, with add_subdirectory and with FetchContent,
# and main.c + other.c compiled with the flags of the installed pkg-config file. Each build is run.
set -e
B=$1
ROOT=$(pwd)
CC=${CC:-cc}
rm -rf "$B"
cmake -S "$ROOT" -B "$B/gir" -DCMAKE_INSTALL_PREFIX="$ROOT/$B/prefix" > "$B.cmake.log" 2>&1 || { cat "$B.cmake.log"; exit 1; }
cmake --install "$B/gir" > /dev/null
test -f "$B/prefix/include/gir.h"
cmp "$B/prefix/include/gir.h" gir.h
for how in find_package subdirectory fetchcontent; do
    cmake -S tests/packaging/consumer -B "$B/$how" -DGIR_HOW=$how -DGIR_SOURCE="$ROOT" \
        -DCMAKE_PREFIX_PATH="$ROOT/$B/prefix" -DCMAKE_C_FLAGS="-std=c99 -Wall -Wextra -Werror" > "$B/$how.log" 2>&1 ||
        { cat "$B/$how.log"; exit 1; }
    cmake --build "$B/$how" > "$B/$how.build.log" 2>&1 || { cat "$B/$how.build.log"; exit 1; }
    "./$B/$how/consumer"
done
# find_package refuses a version the package does not satisfy (another minor version, a later major one)
for want in 0.1 0.3 1.0; do
    if cmake -S tests/packaging/consumer -B "$B/want_$want" -DGIR_HOW=find_package -DGIR_WANT=$want \
            -DCMAKE_PREFIX_PATH="$ROOT/$B/prefix" > "$B/want_$want.log" 2>&1; then
        echo "find_package(gir $want) accepted gir.h $(grep -o 'VERSION_M[A-Z]* [0-9]*' gir.h | head -2 | tr '\n' ' ')"
        exit 1
    fi
done
flags=$(PKG_CONFIG_PATH="$ROOT/$B/prefix/share/pkgconfig" pkg-config --cflags --libs gir)
echo "pkg-config --cflags --libs gir: $flags"
$CC -std=c99 -Wall -Wextra -Werror tests/packaging/consumer/main.c tests/packaging/consumer/other.c $flags \
    -o "$B/pkgconfig_consumer"
"./$B/pkgconfig_consumer"
