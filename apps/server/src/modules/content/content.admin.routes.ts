import type { AdminRoutes } from '../operators/index.ts';
import type { ContentAdminService } from './content-admin.service.ts';

/** The content screens' operator routes (ADR 038), served by the operator API from ADMIN_ROUTES. */
export function contentAdminRoutes(service: ContentAdminService): AdminRoutes {
  return ({ route, operatorOf }) => {
    route('listPages', async (_request, _reply, { query }) => ({ data: await service.listPages(query) }));
    route('page', async (_request, _reply, { params }) => ({ data: await service.page(params.id) }));
    route('createPage', async (request, _reply, { body }) => ({
      data: await service.createPage(body, operatorOf(request)),
    }));
    route('updatePage', async (request, _reply, { params, body }) => ({
      data: await service.updatePage(params.id, body, operatorOf(request)),
    }));
    route('deletePage', async (request, _reply, { params }) => ({
      data: await service.deletePage(params.id, operatorOf(request)),
    }));
    route('listRedirects', async () => ({ data: await service.listRedirects() }));
    route('createRedirect', async (request, _reply, { body }) => ({
      data: await service.createRedirect(body, operatorOf(request)),
    }));
    route('deleteRedirect', async (request, _reply, { params }) => ({
      data: await service.deleteRedirect(params.id, operatorOf(request)),
    }));
    route('listMenus', async () => ({ data: await service.listMenus() }));
    route('updateMenu', async (request, _reply, { params, body }) => ({
      data: await service.updateMenu(params.id, body, operatorOf(request)),
    }));
    route('listSlides', async (_request, _reply, { query }) => ({
      data: await service.listSlides(query.slot),
    }));
    route('createSlide', async (request, _reply, { body }) => ({
      data: await service.createSlide(body, operatorOf(request)),
    }));
    route('updateSlide', async (request, _reply, { params, body }) => ({
      data: await service.updateSlide(params.id, body, operatorOf(request)),
    }));
    route('deleteSlide', async (request, _reply, { params }) => ({
      data: await service.deleteSlide(params.id, operatorOf(request)),
    }));
    route('uploadImage', async (request, _reply, { body }) => ({
      data: await service.uploadImage(body, operatorOf(request)),
    }));
    route('listProjectImages', async () => ({ data: await service.listImages() }));
    route('updateProjectImage', async (request, _reply, { params, body }) => ({
      data: await service.updateImage(params.id, body, operatorOf(request)),
    }));
  };
}
