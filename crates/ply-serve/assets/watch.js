// watch
